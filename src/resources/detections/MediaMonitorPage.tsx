import { Route, Routes } from 'react-router-dom';
import { ResourceContextProvider } from 'react-admin';
import { DetectionCreate } from './DetectionCreate';
import { DetectionEdit } from './DetectionEdit';
import { DetectionList } from './DetectionList';
import { AgentMailPage } from './AgentMailPage';
import { CrmSyncPage } from './CrmSyncPage';
import { ImportPage } from './ImportPage';

/**
 * /media/monitor (Rilevazioni): the list, /create, /:id (edit), and the media monitor's own pages
 * /import, /agent-mail and /crm-sync (named by the menu, without paths of their own).
 */
export default function MediaMonitorPage() {
  return (
    <ResourceContextProvider value="detections">
      <Routes>
        <Route index element={<DetectionList />} />
        <Route path="create" element={<DetectionCreate />} />
        <Route path="import" element={<ImportPage />} />
        <Route path="agent-mail" element={<AgentMailPage />} />
        <Route path="crm-sync" element={<CrmSyncPage />} />
        <Route path=":id" element={<DetectionEdit />} />
      </Routes>
    </ResourceContextProvider>
  );
}
