/*
 * The passkey step of the provider's sign-in pages (REQ-auth-passkeys). The page's form carries the options the
 * server made for this sign-in (`data-passkey-options`, JSON) and whether to create a passkey or use one
 * (`data-passkey`). On submit this asks the browser for the passkey and posts its answer through the same form,
 * so the server checks it and shows any error on the page it sends back; a cancelled or failed request posts
 * the browser's error name instead. Served as a file from the provider ('self'): the pages allow no inline
 * script. Without JavaScript the form posts nothing and the server says so.
 */
/* global document, window */
(() => {
  const form = document.querySelector('form[data-passkey]');
  if (!form) return;

  const toBytes = (base64url) => {
    const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  };
  const toBase64url = (buffer) => {
    let binary = '';
    for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  const descriptors = (list) => (list || []).map((c) => ({ ...c, id: toBytes(c.id) }));

  /** The JSON the server reads (WebAuthn's `toJSON()` shape): the credential, with its response's byte fields. */
  const asJson = (credential, response) => ({
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment || undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: { clientDataJSON: toBase64url(credential.response.clientDataJSON), ...response },
  });

  async function create(options) {
    const credential = await navigator.credentials.create({
      publicKey: {
        ...options,
        challenge: toBytes(options.challenge),
        user: { ...options.user, id: toBytes(options.user.id) },
        excludeCredentials: descriptors(options.excludeCredentials),
      },
    });
    const { response } = credential;
    return asJson(credential, {
      attestationObject: toBase64url(response.attestationObject),
      transports: typeof response.getTransports === 'function' ? response.getTransports() : [],
    });
  }

  async function get(options) {
    const credential = await navigator.credentials.get({
      publicKey: {
        ...options,
        challenge: toBytes(options.challenge),
        allowCredentials: descriptors(options.allowCredentials),
      },
    });
    const { response } = credential;
    return asJson(credential, {
      authenticatorData: toBase64url(response.authenticatorData),
      signature: toBase64url(response.signature),
      userHandle: response.userHandle ? toBase64url(response.userHandle) : undefined,
    });
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    if (button) button.setAttribute('aria-disabled', 'true');
    form.setAttribute('aria-busy', 'true');
    try {
      if (!window.PublicKeyCredential || !navigator.credentials) {
        throw new DOMException('This browser has no passkeys.', 'NotSupportedError');
      }
      const options = JSON.parse(form.dataset.passkeyOptions || '{}');
      const answer = form.dataset.passkey === 'create' ? await create(options) : await get(options);
      form.elements.namedItem('credential').value = JSON.stringify(answer);
    } catch (error) {
      form.elements.namedItem('problem').value = (error && error.name) || 'Error';
    }
    // submit() sends the form without firing this handler again.
    form.submit();
  });
})();
