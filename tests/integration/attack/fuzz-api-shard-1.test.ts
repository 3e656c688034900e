import { fuzzShard } from "./fuzz-api";

fuzzShard(0, 3);
