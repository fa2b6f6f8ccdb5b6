// The part of Eleventy's API this project uses (the package ships no type declarations).
declare module "@11ty/eleventy" {
  export interface UserConfig {
    addPlugin<T>(plugin: (config: UserConfig, options: T) => void, options?: T): void;
    setInputDirectory(dir: string): void;
    setIncludesDirectory(dir: string): void;
    setOutputDirectory(dir: string): void;
    setTemplateFormats(formats: string[]): void;
    addFilter(name: string, filter: (...args: never[]) => unknown): void;
    addGlobalData(name: string, value: unknown): void;
    addTemplate(virtualPath: string, content: unknown, data?: object): void;
    /** `this.page.outputPath` is where the content is written. */
    addTransform(
      name: string,
      transform: (this: { page: { outputPath: string | false } }, content: string) => string,
    ): void;
    addWatchTarget(target: string): void;
    configureErrorReporting(options: { allowMissingExtensions?: boolean }): void;
    versionCheck(range: string): void;
    on(eventName: string, callback: (...args: never[]) => unknown): void;
    addExtension(extension: string, options: object): void;
    ignores: Set<string>;
  }
  export interface EleventyOptions {
    /** `false`: read no config file. */
    configPath?: string | false;
    quietMode?: boolean;
    config?: (config: UserConfig) => void | Promise<void>;
  }
  export default class Eleventy {
    constructor(input?: string, output?: string, options?: EleventyOptions);
    write(): Promise<unknown>;
  }
}
