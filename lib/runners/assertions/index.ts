export { evaluateAssertions, SOURCES } from "./evaluate";
export { compare, asNumber, asText } from "./compare";
export { extract, jsonPath, extractRegex, type Subject } from "./extract";
