import { runStandalone } from '@murmur/remote-kit';
import { ProfileApp } from './ProfileApp';
import './styles.css';

void runStandalone({ App: ProfileApp, appName: 'profile-mfe', signInAsDemoUser: true });
