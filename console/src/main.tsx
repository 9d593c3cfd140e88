import '@picocss/pico/css/pico.min.css';
import './styles.css';
import { Provider } from '@urql/preact';
import { render } from 'preact';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter-preact';
import { gated } from './components/module-gate';
import { currentClient } from './api/client';
import { useSession } from './api/hooks';
import { Layout } from './components/layout';
import { AuditPage } from './pages/audit-page';
import { ApiKeysPage } from './pages/api-keys-page';
import { GamePlayersPage } from './pages/game-players-page';
import { GameReportsPage } from './pages/game-reports-page';
import { ReportsPage } from './pages/reports-page';
import { CurrenciesPage } from './pages/currencies-page';
import { ConfigHistoryPage } from './pages/config-history-page';
import { ConfigOverridesPage } from './pages/config-overrides-page';
import { TwoFactorPage } from './pages/two-factor-page';
import { GamePage } from './pages/game-page';
import { GamesPage } from './pages/games-page';
import { InvitesPage } from './pages/invites-page';
import { LeaderboardPage } from './pages/leaderboard-page';
import { LeaderboardsPage } from './pages/leaderboards-page';
import { LoginPage } from './pages/login-page';
import { NotificationsPage } from './pages/notifications-page';
import { OpsPage } from './pages/ops-page';
import { RegisterPage } from './pages/register-page';
import { UserPage } from './pages/user-page';
import { UsersPage } from './pages/users-page';
import { VariablesPage } from './pages/variables-page';
import { WalletPage } from './pages/wallet-page';

/** A page asked for while signed out: the sign-in page, which comes back to it afterwards (`?next=`). */
function ToSignIn() {
  const [location] = useLocation();
  return <Redirect to={location === '/' ? '/login' : `/login?next=${encodeURIComponent(location)}`} />;
}

/** Signed out: login and register only. Signed in: the pages, in the frame. */
function App() {
  const current = useSession();
  if (!current) {
    return (
      <Switch>
        <Route path="/register" component={RegisterPage} />
        <Route path="/login" component={LoginPage} />
        <Route>
          <ToSignIn />
        </Route>
      </Switch>
    );
  }
  return (
    <Layout>
      <Switch>
        <Route path="/games" component={GamesPage} />
        <Route path="/games/:id" component={GamePage} />
        <Route path="/games/:id/players" component={GamePlayersPage} />
        <Route path="/games/:id/reports" component={GameReportsPage} />
        <Route path="/games/:id/variables" component={gated('variables', VariablesPage)} />
        <Route path="/games/:id/config" component={gated('variables', ConfigHistoryPage)} />
        <Route path="/games/:id/events" component={gated('variables', ConfigOverridesPage)} />
        <Route path="/games/:id/notifications" component={gated('notification', NotificationsPage)} />
        <Route path="/games/:id/leaderboards" component={gated('leaderboard', LeaderboardsPage)} />
        <Route path="/games/:id/leaderboards/:leaderboardId" component={gated('leaderboard', LeaderboardPage)} />
        <Route path="/users" component={UsersPage} />
        <Route path="/users/:id" component={UserPage} />
        <Route path="/wallets/:userGameId" component={WalletPage} />
        <Route path="/invites" component={InvitesPage} />
        <Route path="/ops" component={OpsPage} />
        <Route path="/audit" component={AuditPage} />
        <Route path="/reports" component={ReportsPage} />
        <Route path="/currencies" component={CurrenciesPage} />
        <Route path="/api-keys" component={ApiKeysPage} />
        <Route path="/two-factor" component={TwoFactorPage} />
        <Route>
          <Redirect to="/games" />
        </Route>
      </Switch>
    </Layout>
  );
}

/** The pages, with the GraphQL client of the current session (a new one, so a new cache, per sign-in). */
function Root() {
  useSession();
  return (
    <Provider value={currentClient()}>
      <App />
    </Provider>
  );
}

render(
  <Router base="/console">
    <Root />
  </Router>,
  document.getElementById('app')!,
);
