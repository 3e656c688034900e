export interface Band {
  band: number;
  name: string;
  about: string;
  paths: string[];
}
export declare const BANDS: Band[];
export declare const SOURCE_ROOTS: string[];
export declare function bandOf(file: string): number | null;
export declare function sourceFiles(root: string): string[];
export declare function layerZones(root: string): { target: string[]; from: string | string[]; except?: string[]; message: string }[];
