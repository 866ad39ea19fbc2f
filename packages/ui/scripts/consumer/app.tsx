// A host app's code, compiled by scripts/checkPackage.mjs against the packed tarballs (not the workspace) with
// the strictest common settings. If our declarations need a setting of ours, or name a package a host does not
// get, this stops compiling.
import { RECORD_TEXTS, buildCurrentUser, formatDate, type MedicalRecord } from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES, type ResponseBody } from '@sentinel/domain/contract';
import {
  AlertProvider,
  AlertRegion,
  ApiProvider,
  Button,
  ClockProvider,
  Dialog,
  MedicalRecords,
  MedicalRecordsScreen,
  SessionProvider,
  ThemeProvider,
  createApiClient,
  createQueryClient,
  type Session,
} from '@sentinel/ui';
import { lightTheme, space, vars } from '@sentinel/ui/theme';
import { StrictMode, useState } from 'react';

const client = createApiClient({ baseUrl: 'https://api.example.org', getAccessToken: async () => 'token' });

function sessionFor(claims: Record<string, unknown>): Session {
  const user = buildCurrentUser(claims);
  return user.ok
    ? { status: 'signedIn', user: user.value, mfa: false, logout: () => undefined }
    : { status: 'signedOut', login: () => undefined };
}

export function Primitives() {
  const [open, setOpen] = useState(false);
  return (
    <div className={lightTheme} style={{ color: vars.color.text, padding: space.medium }}>
      <Button onClick={() => setOpen(true)}>{RECORD_TEXTS.viewDetails}</Button>
      {open ? (
        <Dialog open title="Details" onClose={() => setOpen(false)}>
          {formatDate('2026-11-02')}
        </Dialog>
      ) : null}
    </div>
  );
}

export function PureScreen({ records }: { records: readonly MedicalRecord[] }) {
  return (
    <MedicalRecordsScreen
      viewerRole="doctor"
      records={records}
      canWrite={false}
      today="2026-11-02"
      onViewDetails={() => undefined}
      onCloseDetails={() => undefined}
      onEditRecord={() => undefined}
      onCreate={async () => ({ ok: false, message: DEFAULT_ERROR_MESSAGES.internal })}
    />
  );
}

export function App({ claims }: { claims: Record<string, unknown> }) {
  return (
    <StrictMode>
      <ThemeProvider theme="light">
        <ClockProvider clock={{ timeZone: 'UTC' }}>
          <SessionProvider session={sessionFor(claims)}>
            <ApiProvider client={client} queryClient={createQueryClient()}>
              <AlertProvider>
                <AlertRegion />
                <Primitives />
                <MedicalRecords />
              </AlertProvider>
            </ApiProvider>
          </SessionProvider>
        </ClockProvider>
      </ThemeProvider>
    </StrictMode>
  );
}

export type Me = ResponseBody<'getMe'>;
