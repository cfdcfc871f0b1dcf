import { runStandalone } from '@murmur/remote-kit';
import { AuthApp } from './AuthApp';
import './styles.css';

function StandaloneAuthApp() {
  return <AuthApp standalone />;
}

void runStandalone({ App: StandaloneAuthApp, appName: 'auth-mfe', signInAsDemoUser: false });
