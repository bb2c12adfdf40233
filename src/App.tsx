import { Admin } from 'react-admin';

export function App() {
  return <Admin title="Back office OOH / DOOH" />;
}
