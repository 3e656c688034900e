import { fuzzShard } from "./fuzz-api";

fuzzShard(1, 3);
