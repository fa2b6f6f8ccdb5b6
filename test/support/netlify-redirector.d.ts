// netlify-redirector (Netlify's `_redirects` matcher, compiled to WebAssembly) ships no types.
declare module "netlify-redirector" {
  interface Matcher {
    match(request: {
      scheme: string;
      host: string;
      path: string;
      query: string;
      getHeader(name: string): string;
      getCookie(name: string): string;
    }): {
      status: number;
      to: string;
      from: string;
    } | null;
  }
  const redirector: { parsePlain(rules: string, options: object): Promise<Matcher> };
  export default redirector;
}
