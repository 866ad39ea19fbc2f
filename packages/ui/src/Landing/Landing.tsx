import { useEffect, useState } from 'react';
import { CERTIFICATIONS, FEATURE_ROTATION_MS, LANDING_STATS, PRODUCT_NAME } from '@sentinel/domain';
import { Badge } from '../Badge/Badge';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { LockIcon, ShieldIcon, UsersIcon } from '../icons/icons';
import { useSession } from '../session/SessionProvider';
import { Spinner } from '../Spinner/Spinner';
import { Heading, Text } from '../Text/Text';
import { ThemeProvider } from '../ThemeProvider/ThemeProvider';
import * as styles from './Landing.css';

/**
 * REQ-screen: the three pillars, each backed by identity-provider features for AI agents
 * (REQ-product-pillars).
 */
export const LANDING_FEATURES = [
  {
    id: 'auth',
    icon: LockIcon,
    title: 'User authentication with MFA',
    body: 'Every sign-in is verified by the identity provider, with a second factor for clinicians and administrators.',
  },
  {
    id: 'vault',
    icon: ShieldIcon,
    title: 'Tool control through a token vault',
    body: 'The assistant reaches connected tools only with short-lived, narrowly scoped tokens held on the server.',
  },
  {
    id: 'fga',
    icon: UsersIcon,
    title: 'Fine-grained authorization',
    body: 'Knowledge is filtered by role, specialization and sensitivity, so everyone sees only what they may.',
  },
] as const;

export const LANDING_TEXTS = {
  heading: 'Your health questions, answered securely',
  tagline:
    'A HIPAA-compliant, zero-trust health assistant for patients, doctors and administrators. Educational information only: for emergencies, call 911.',
  signIn: 'Sign In',
  getStarted: 'Get Started',
  startNow: 'Start Now',
  viewDemo: 'View Demo',
  badges: ['HIPAA Compliant', 'Zero Trust'],
  challengeNote:
    'Built for the secure AI agents challenge: authentication, token vault and fine-grained authorization, working together.',
} as const;

export type LandingScreenProps = {
  /** Starts the sign-in redirect (Sign In, Get Started and Start Now). */
  onLogin: () => void;
  /** The feature highlighted first; rotation moves on every 4 seconds. */
  initialFeature?: number;
  /** Set false to stop the rotation (for a still screenshot). */
  rotate?: boolean;
};

/**
 * REQ-screen, for visitors who are not signed in.
 *
 * **When to use:** the public page for visitors who are not signed in.
 *
 * **Accessibility:** landmarks: a labelled account nav, named sections; sign-in is a button.
 */
export function LandingScreen({ onLogin, initialFeature = 0, rotate = true }: LandingScreenProps) {
  const [active, setActive] = useState(initialFeature);
  const [hovered, setHovered] = useState(false);

  useEffect(() => {
    if (!rotate || hovered) return undefined;
    const timer = setInterval(() => setActive((i) => (i + 1) % LANDING_FEATURES.length), FEATURE_ROTATION_MS);
    return () => clearInterval(timer);
  }, [rotate, hovered]);

  // "View Demo": the spec leaves its action open; it takes the visitor to the three pillars below.
  const viewDemo = () =>
    document.getElementById('pillars')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <div className={styles.brand}>
          <ShieldIcon size="large" />
          <Text as="span" size="large" weight="strong">
            {PRODUCT_NAME}
          </Text>
        </div>
        <Box display="flex" gap="small" flexWrap="wrap" alignItems="center">
          {LANDING_TEXTS.badges.map((b) => (
            <Badge key={b} tone="positive">
              {b}
            </Badge>
          ))}
        </Box>
        <Box as="nav" aria-label="Account" display="flex" gap="small">
          <Button variant="secondary" onClick={onLogin}>
            {LANDING_TEXTS.signIn}
          </Button>
          <Button variant="primary" onClick={onLogin}>
            {LANDING_TEXTS.getStarted}
          </Button>
        </Box>
      </header>

      <main>
        <section className={styles.hero} aria-labelledby="landing-heading">
          <h1 id="landing-heading" className={styles.heroHeading}>
            {LANDING_TEXTS.heading}
          </h1>
          <Text size="large" tone="muted" align="center">
            {LANDING_TEXTS.tagline}
          </Text>
          <Box display="flex" gap="medium" flexWrap="wrap" justifyContent="center">
            <Button variant="primary" onClick={onLogin}>
              {LANDING_TEXTS.startNow}
            </Button>
            <Button variant="secondary" onClick={viewDemo}>
              {LANDING_TEXTS.viewDemo}
            </Button>
          </Box>
        </section>

        <section className={styles.section} aria-label="Why security matters">
          <ul className={styles.grid}>
            {LANDING_STATS.map((s) => (
              <li key={s.label} className={styles.stat}>
                <span className={styles.statValue}>{s.value}</span>
                <Text tone="muted">{s.label}</Text>
              </li>
            ))}
          </ul>
        </section>

        <section id="pillars" className={styles.section} aria-labelledby="pillars-heading">
          <Box paddingBottom="large">
            <Heading level={2} id="pillars-heading">
              Three pillars of a secure assistant
            </Heading>
          </Box>
          <ul className={styles.grid} onMouseLeave={() => setHovered(false)}>
            {LANDING_FEATURES.map((f, i) => {
              const Icon = f.icon;
              return (
                <li
                  key={f.id}
                  className={`${styles.feature} ${styles.featureState[i === active ? 'active' : 'idle']}`}
                  data-active={i === active}
                  onMouseEnter={() => {
                    setHovered(true);
                    setActive(i);
                  }}
                >
                  <span className={styles.featureIcon}>
                    <Icon size="large" />
                  </span>
                  <Heading level={3}>{f.title}</Heading>
                  <Text tone="muted">{f.body}</Text>
                </li>
              );
            })}
          </ul>
        </section>
      </main>

      <footer className={styles.footer}>
        <Box display="flex" flexDirection="column" alignItems="center" gap="small" textAlign="center">
          <Box
            as="ul"
            aria-label="Certifications"
            display="flex"
            gap="small"
            flexWrap="wrap"
            justifyContent="center"
          >
            {CERTIFICATIONS.map((c) => (
              <li key={c}>
                <Badge tone="neutral">{c}</Badge>
              </li>
            ))}
          </Box>
          <Text size="small" tone="muted">
            {LANDING_TEXTS.challengeNote}
          </Text>
        </Box>
      </footer>
    </div>
  );
}

/**
 * REQ-screen-landing: shown only to visitors. While sign-in loads, a centred spinner on a dark background;
 * once signed in it renders nothing.
 */
export function Landing() {
  const session = useSession();
  if (session.status === 'signedIn') return null;
  if (session.status === 'loading') {
    return (
      <ThemeProvider theme="dark">
        <main className={styles.loading}>
          <Spinner size="large" label="Loading..." />
        </main>
      </ThemeProvider>
    );
  }
  return <LandingScreen onLogin={session.login} />;
}
