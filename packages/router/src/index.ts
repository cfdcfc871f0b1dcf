// The one way the apps import the router. The federation runtime shares a package whole, so a shared
// react-router-dom is built with every export it has (65 KiB gzip); shared as this package, its chunk holds only what
// is named here (packages/config/federation.js). An app that needs another piece of the router adds it here.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router-dom';
export type { InitialEntry } from 'react-router-dom';
