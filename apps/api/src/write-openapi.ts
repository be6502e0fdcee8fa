// `npm run openapi`: writes the API's OpenAPI document to docs/openapi.json.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatOpenApiDocument, openApiDocument } from './openapi-document';

const target = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
writeFileSync(target, formatOpenApiDocument(await openApiDocument()));
console.log(`written ${target}`);
