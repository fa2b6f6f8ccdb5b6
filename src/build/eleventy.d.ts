// The part of Eleventy's API this project uses (the package ships no type declarations).
declare module "@11ty/eleventy" {
  export interface UserConfig {
    addPlugin(plugin: (config: UserConfig) => void): void;
    addFilter(name: string, filter: (...args: never[]) => unknown): void;
    addGlobalData(name: string, value: unknown): void;
    configureErrorReporting(options: { allowMissingExtensions?: boolean }): void;
    on(eventName: string, callback: (...args: never[]) => void): void;
    addExtension(extension: string, options: object): void;
  }
  export interface EleventyOptions {
    configPath?: string;
    quietMode?: boolean;
    config?: (config: UserConfig) => void | Promise<void>;
  }
  export default class Eleventy {
    constructor(input?: string, output?: string, options?: EleventyOptions);
    write(): Promise<unknown>;
  }
}
