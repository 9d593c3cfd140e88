// swagger-ui-dist's self-contained build (React and its plugins inside), a CommonJS module whose
// export is the SwaggerUIBundle function; only what src/main.ts passes is typed.
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  interface SwaggerUiOptions {
    url: string;
    dom_id: string;
    validatorUrl: string | null;
    persistAuthorization: boolean;
    deepLinking: boolean;
  }
  const SwaggerUIBundle: (options: SwaggerUiOptions) => unknown;
  export default SwaggerUIBundle;
}
