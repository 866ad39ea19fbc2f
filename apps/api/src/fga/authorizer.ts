/**
 * Fine-grained authorization (REQ-kb-fga): checks against the model of knowledge/fga/model.fga, decided
 * locally by the domain's evaluator by default, or by an OpenFGA server through @openfga/sdk when FGA_API_URL is
 * set. Either way the facts travel with each check as contextual tuples (the domain's tuple builders), so the
 * server needs no tuples written and both paths answer from the same data.
 */
import { CredentialsMethod, OpenFgaClient, type UserClientConfigurationParams } from '@openfga/sdk';
import { SENTINEL_FGA_MODEL, type FgaModel } from '@sentinel/domain';
import { localAuthorizer, type Authorizer } from '@sentinel/service';

/** The authorizer's interface is the handlers' (@sentinel/service); building one is the server's. */
export { authorize, type Authorizer } from '@sentinel/service';

export type FgaSettings =
  | { readonly kind: 'local' }
  | {
      readonly kind: 'openfga';
      /** The OpenFGA HTTP API, e.g. http://localhost:8080. */
      readonly apiUrl: string;
      /** The store to check in; unset: the store named `storeName`, created when missing. */
      readonly storeId: string | undefined;
      /** The model version to check with; unset: our model, written to the store when it is not the latest. */
      readonly modelId: string | undefined;
      /** A pre-shared key, sent as a bearer token, when the server requires one. */
      readonly apiToken: string | undefined;
      readonly storeName: string;
      /** Retries on 429 and 5xx (the SDK's default is 3). */
      readonly maxRetry?: number;
    };

export const DEFAULT_FGA_STORE_NAME = 'sentinel-health';

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** FGA_API_URL (+ FGA_STORE_ID, FGA_MODEL_ID, FGA_API_TOKEN, FGA_STORE_NAME) selects OpenFGA; else local. */
export function fgaSettingsFromEnv(env: Readonly<Record<string, string | undefined>>): FgaSettings {
  const apiUrl = nonEmpty(env.FGA_API_URL);
  if (!apiUrl) return { kind: 'local' };
  return {
    kind: 'openfga',
    apiUrl,
    storeId: nonEmpty(env.FGA_STORE_ID),
    modelId: nonEmpty(env.FGA_MODEL_ID),
    apiToken: nonEmpty(env.FGA_API_TOKEN),
    storeName: nonEmpty(env.FGA_STORE_NAME) ?? DEFAULT_FGA_STORE_NAME,
  };
}

/** The authorizer the settings ask for, evaluating `model` (ours by default). */
export function createAuthorizer(
  settings: FgaSettings = { kind: 'local' },
  model: FgaModel = SENTINEL_FGA_MODEL,
): Authorizer {
  return settings.kind === 'local' ? localAuthorizer(model) : openFgaAuthorizer(settings, model);
}

/** The SDK's model type is mutable; ours is a readonly constant. JSON is the common ground. */
type SdkModel = Parameters<OpenFgaClient['writeAuthorizationModel']>[0];
const toSdkModel = (model: FgaModel): SdkModel => JSON.parse(JSON.stringify(model)) as SdkModel;

/** A model as the server echoes it back, without the fields it adds (ids, empty module and source info). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value)
    .filter(([key, v]) => v !== null && v !== undefined && v !== '' && key !== 'id' && key !== 'source_info')
    .filter(([key]) => key !== 'module' && key !== 'conditions')
    .map(([key, v]) => [key, canonical(v)] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(entries);
}

const sameModel = (a: unknown, b: FgaModel) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

function openFgaAuthorizer(settings: Extract<FgaSettings, { kind: 'openfga' }>, model: FgaModel): Authorizer {
  const configuration: UserClientConfigurationParams = {
    apiUrl: settings.apiUrl,
    ...(settings.storeId ? { storeId: settings.storeId } : {}),
    ...(settings.modelId ? { authorizationModelId: settings.modelId } : {}),
    ...(settings.apiToken
      ? { credentials: { method: CredentialsMethod.ApiToken, config: { token: settings.apiToken } } }
      : {}),
    ...(settings.maxRetry === undefined ? {} : { retryParams: { maxRetry: settings.maxRetry } }),
  };
  const client = new OpenFgaClient(configuration);

  /** Which store and model version to check with, found (or set up) once and then reused. */
  let target: Promise<{ storeId: string; modelId: string }> | undefined;
  const resolveTarget = async () => {
    const storeId = settings.storeId ?? (await findOrCreateStore(client, settings.storeName));
    if (settings.modelId) return { storeId, modelId: settings.modelId };
    const latest = await client.readAuthorizationModels({ storeId, pageSize: 1 });
    const current = latest.authorization_models[0];
    if (current?.id && sameModel(current, model)) return { storeId, modelId: current.id };
    const written = await client.writeAuthorizationModel(toSdkModel(model), { storeId });
    return { storeId, modelId: written.authorization_model_id };
  };

  return {
    kind: 'openfga',
    check: async (user, relation, object, contextualTuples = []) => {
      target ??= resolveTarget().catch((error: unknown) => {
        target = undefined;
        throw error;
      });
      const { storeId, modelId } = await target;
      const response = await client.check(
        { user, relation, object, contextualTuples: contextualTuples.map((t) => ({ ...t })) },
        { storeId, authorizationModelId: modelId },
      );
      return response.allowed === true;
    },
  };
}

async function findOrCreateStore(client: OpenFgaClient, name: string): Promise<string> {
  const listed = await client.listStores({ name });
  const existing = listed.stores.find((store) => store.name === name);
  if (existing) return existing.id;
  const created = await client.createStore({ name });
  return created.id;
}
