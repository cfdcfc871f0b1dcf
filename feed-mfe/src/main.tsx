import { runStandalone } from '@murmur/remote-kit';
import { FeedApp } from './FeedApp';
import './styles.css';

void runStandalone({ App: FeedApp, appName: 'feed-mfe', signInAsDemoUser: true });
