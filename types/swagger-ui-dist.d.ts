// The one entry of swagger-ui-dist (the maintained Swagger UI build) the API reference page uses.
declare module "swagger-ui-dist/swagger-ui-es-bundle.js" {
  type Options = {
    domNode: HTMLElement;
    spec: object;
    deepLinking?: boolean;
    tryItOutEnabled?: boolean;
    supportedSubmitMethods?: string[];
    validatorUrl?: string | null;
  };
  const SwaggerUIBundle: (options: Options) => unknown;
  export default SwaggerUIBundle;
}
