// Checks /openapi.json and the answers it describes:
//   1. the document is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator);
//   2. every recorded answer validates (ajv, JSON Schema 2020-12) against the schema the document
//      gives its route and status, and every 200 action request against its request schema;
//   3. the recordings cover, for every game, the init answer, accepted and refused actions, a 400
//      and a batch (so a recorder that silently recorded nothing fails).
// Usage: node validate.mjs DOC.json LOG.jsonl [LOG.jsonl ...]
// A log line is {"method","target","status","body"[,"request"]}: body and request as text.
import { readFileSync } from "node:fs";

// The npm packages come from scripts/openapi_deps.sh; say so when they are missing.
async function load(name) {
  try {
    return await import(name);
  } catch (e) {
    console.error(`validate.mjs: cannot load ${name} (${e.code ?? e.message}): run scripts/openapi_deps.sh`);
    process.exit(1);
  }
}
const { Validator } = await load("@seriousme/openapi-schema-validator");
const { default: Ajv2020 } = await load("ajv/dist/2020.js");

const [docPath, ...logPaths] = process.argv.slice(2);
if (!docPath || logPaths.length === 0) {
  console.error("usage: node validate.mjs DOC.json LOG.jsonl [LOG.jsonl ...]");
  process.exit(2);
}
const failures = [];
const fail = (message) => {
  if (failures.length < 40) console.error("FAIL " + message);
  failures.push(message);
};

const doc = JSON.parse(readFileSync(docPath, "utf8"));

// 1. The document itself.
const validator = new Validator();
const result = await validator.validate(doc);
if (!result.valid) fail("document is not valid OpenAPI: " + JSON.stringify(result.errors).slice(0, 2000));
if (validator.version !== "3.1") fail(`document version ${validator.version}, want 3.1`);

// 2. Schemas: the whole document is one schema resource, its top-level members annotations, so
// "#/components/schemas/X" resolves as written in the document.
const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
ajv.addVocabulary(["openapi", "jsonSchemaDialect", "info", "servers", "tags", "paths", "components"]);
ajv.addSchema({ ...doc, $id: "gameboard:openapi" });
const compiled = new Map();
function compile(schema) {
  const key = JSON.stringify(schema);
  if (!compiled.has(key)) {
    // A schema from a path: its $refs point into the document.
    compiled.set(key, ajv.compile({ $id: `gameboard:s${compiled.size}`, ...rebase(schema) }));
  }
  return compiled.get(key);
}
function rebase(schema) {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"gameboard:openapi#/components/'));
}
// Compiling every component checks every schema (unknown keywords fail in strict mode).
for (const name of Object.keys(doc.components.schemas)) compile({ $ref: `#/components/schemas/${name}` });

// The operation for a method and path: concrete paths first, then templates.
const paths = Object.keys(doc.paths).sort((a, b) => a.includes("{") - b.includes("{"));
function findOperation(method, path) {
  for (const template of paths) {
    const want = template.split("/");
    const got = path.split("/");
    if (want.length !== got.length) continue;
    if (want.every((w, i) => (w.startsWith("{") ? got[i] !== "" : w === got[i]))) {
      return { template, operation: doc.paths[template][method.toLowerCase()] };
    }
  }
  return { template: null, operation: undefined };
}

const seen = new Map();  // "operationId status [ok]" -> count
let checked = 0;
for (const logPath of logPaths) {
  const lines = readFileSync(logPath, "utf8").split("\n").filter((l) => l.length > 0);
  for (const line of lines) {
    const entry = JSON.parse(line);
    const path = entry.target.split("?")[0];
    const { operation } = findOperation(entry.method, path);
    const where = `${entry.method} ${entry.target.slice(0, 80)} -> ${entry.status}`;
    const response = operation?.responses?.[String(entry.status)];
    let schema;
    if (response) {
      const media = response.content && Object.keys(response.content)[0];
      if (media !== "application/json") {
        seen.set(`${operation.operationId} ${entry.status}`, 1);
        continue;  // HTML, text, assets: typed by content type, no schema
      }
      schema = response.content[media].schema;
    } else if (entry.status >= 400 && entry.status !== 204) {
      schema = { $ref: "#/components/schemas/Error" };  // 404/405/413/429/431/400 Bad request
    } else if (entry.method === "OPTIONS" || entry.status === 204 || entry.status === 101) {
      continue;
    } else {
      fail(`${where}: no response described for this route and status`);
      continue;
    }
    let body;
    try {
      body = JSON.parse(entry.body);
    } catch {
      fail(`${where}: answer is not JSON: ${entry.body.slice(0, 120)}`);
      continue;
    }
    const validate = compile(schema);
    if (!validate(body)) {
      fail(`${where}: ${ajv.errorsText(validate.errors).slice(0, 600)}`);
      continue;
    }
    checked++;
    if (operation) {
      let tag = `${operation.operationId} ${entry.status}`;
      if (operation.operationId.endsWith("Action") && entry.status === 200) tag += body.ok ? " ok" : " refused";
      seen.set(tag, (seen.get(tag) ?? 0) + 1);
      const requestSchema = operation.requestBody?.content?.["application/json"]?.schema;
      if (entry.status === 200 && requestSchema && entry.request !== undefined &&
          !operation.operationId.endsWith("Batch")) {
        const validateRequest = compile(requestSchema);
        if (!validateRequest(JSON.parse(entry.request))) {
          fail(`${where}: request ${ajv.errorsText(validateRequest.errors).slice(0, 600)}`);
        }
      }
    }
  }
}

// 3. Coverage: every game's answers were recorded and checked.
for (const template of paths) {
  const m = template.match(/^\/api\/games\/([a-z0-9-]+)\/init$/);
  if (!m) continue;
  const p = doc.paths[template].get.operationId.replace(/Init$/, "");
  for (const tag of [`${p}Init 200`, `${p}Action 200 ok`, `${p}Action 200 refused`, `${p}Action 400`,
                     `${p}Batch 200`]) {
    if (!seen.has(tag)) fail(`no recorded answer for ${tag} (game ${m[1]})`);
  }
}
for (const tag of ["listGames 200", "health 200", "gameInit 404", "gameAction 404"]) {
  if (!seen.has(tag)) fail(`no recorded answer for ${tag}`);
}

console.log(`validate.mjs: document valid=${result.valid}, ${checked} answers checked, ` +
            `${seen.size} route/status kinds, ${failures.length} failures`);
process.exit(failures.length === 0 ? 0 : 1);
