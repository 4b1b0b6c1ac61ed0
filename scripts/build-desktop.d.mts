export declare const ROOT: string;
export declare const OUT_DIR: string;
export declare function buildRenderer(root?: string): boolean;
export declare function bundleDesktop(options?: {
  root?: string;
  outDir?: string;
  quiet?: boolean;
}): Promise<string>;
export declare const WEB_HOST_DIR: string;
export declare function bundleWebHost(options?: {
  root?: string;
  outDir?: string;
  quiet?: boolean;
}): Promise<string>;
