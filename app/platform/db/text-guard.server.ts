import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { isUnstorable, someString } from "../text/control-characters";

/**
 * The last line of ADR 28: a value PostgreSQL cannot store (NUL, a lone
 * surrogate) never reaches it. Forms and JSON bodies refuse such text earlier
 * with a field error; this catches what they cannot see (a query string, an
 * id in the path, a feature that forgot), and answers the request with a 400,
 * which Remix renders like any thrown response, instead of the driver's 500.
 */
export class TextGuardPlugin implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (holdsUnstorable(node)) throw new Response("unstorable_text", { status: 400 });
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

function holdsUnstorable(node: unknown): boolean {
  if (!node || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some(holdsUnstorable);
  const operation = node as OperationNode & { value?: unknown; values?: unknown };
  if (operation.kind === "ValueNode") return someString(operation.value, isUnstorable);
  if (operation.kind === "PrimitiveValueListNode")
    return someString(operation.values, isUnstorable);
  return Object.values(node).some(holdsUnstorable);
}
