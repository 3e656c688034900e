// The ceiling: plain node:http answering every request with the same bytes from memory.
// argv: <port> <body file> <headers json file>
import http from "node:http";
import { readFileSync } from "node:fs";

const [port, bodyFile, headersFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = JSON.parse(readFileSync(headersFile, "utf8"));
const flat = [];
for (const [k, v] of Object.entries(headers)) flat.push(k, String(v));
flat.push("content-length", String(body.length));
http
  .createServer((req, res) => {
    res.writeHead(200, flat);
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
