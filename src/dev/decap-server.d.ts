// decap-server's middlewares, as src/dev/editor-backend.ts uses them (the package has no types).
declare module "decap-server/dist/middlewares.js" {
  import type express from "express";
  const middlewares: {
    registerLocalFs(app: express.Express, options?: { logLevel?: string }): Promise<void>;
  };
  export default middlewares;
}
