import { runStandalone } from '@murmur/remote-kit';
import { AuthApp } from './AuthApp';
import './styles.css';

void runStandalone({ App: AuthApp, appName: 'auth-mfe', signInAsDemoUser: false });
