/**
 * A real DNS server on loopback (dns2, UDP, a free port) that answers TXT questions from a zone the test edits:
 * a name in the zone answers its TXT records (none: an empty answer), any other name NXDOMAIN. Every question is
 * recorded, so a test can tell whether a lookup was made at all.
 */
import { createServer, Packet } from "dns2";

export interface LoopbackDns {
  /** `127.0.0.1:<port>`, as HELIOGRAPH_DNS_SERVERS takes it */
  address: string;
  /** name (lower case, no trailing dot) → its TXT records, each one string */
  zone: Map<string, string[]>;
  /** the names asked for, in order */
  questions: string[];
  close(): Promise<void>;
}

export async function startLoopbackDns(): Promise<LoopbackDns> {
  const zone = new Map<string, string[]>();
  const questions: string[] = [];
  const server = createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question.name.toLowerCase().replace(/\.$/, "");
      questions.push(name);
      const records = zone.get(name);
      if (records === undefined) response.header.rcode = 3;
      else if (question.type === Packet.TYPE.TXT) {
        for (const data of records) response.answers.push(Packet.createResourceFromQuestion(question, { type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 0, data }));
      }
      void send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const { port } = server.addresses().udp!;
  return { address: `127.0.0.1:${port}`, zone, questions, close: async () => void (await server.close()) };
}
