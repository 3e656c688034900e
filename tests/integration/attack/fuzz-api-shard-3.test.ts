import { fuzzShard } from "./fuzz-api";

fuzzShard(2, 3);
