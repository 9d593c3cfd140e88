import 'swagger-ui-dist/swagger-ui.css';
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-bundle.js';

// The document the HTTP role serves (src/admin/openapi/openapi-document.ts, OPENAPI_PATH). No
// validator badge (it would call validator.swagger.io); the token typed into "Authorize" stays in the tab.
SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, persistAuthorization: false, deepLinking: true });
