import { Create, useTranslate } from 'react-admin';
import { DetectionForm } from './DetectionForm';
import { MONITOR_PATH } from './DetectionList';

export function DetectionCreate() {
  const translate = useTranslate();
  return (
    <Create
      resource="detections"
      title={translate('resources.detections.create')}
      redirect={MONITOR_PATH}
      mutationMode="pessimistic"
    >
      <DetectionForm mode="create" />
    </Create>
  );
}
