import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import { MasterDetail } from '../../../components/data-grid/master-detail';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { BUILDING_OPTIONS, LINE_OPTIONS, SECTOR_OPTIONS } from '../../../components/data-grid/shared-fields';

const GROUP_FIELDS: readonly GridField[] = [
  { name: 'groupID', label: 'fields.groupID', key: true, generated: true, inForm: false, width: 90 },
  { name: 'name', label: 'fields.name', required: true },
  { name: 'description', label: 'fields.description' },
  { name: 'email', label: 'fields.email' },
  { name: 'enabled', label: 'fields.enabled', kind: 'boolean', defaultValue: true, width: 110 },
];

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The group a detail row belongs to: fixed by the selected group, so neither shown nor typed. */
const GROUP_LINK: GridField = { name: 'groupID', label: 'fields.groupID', inGrid: false, inForm: false };

const SCHEDULE_FIELDS: readonly GridField[] = [
  { name: 'scheduleID', label: 'fields.scheduleID', key: true, generated: true, inGrid: false, inForm: false },
  GROUP_LINK,
  { name: 'startTime', label: 'fields.startTime', kind: 'time', required: true, width: 100 },
  { name: 'endTime', label: 'fields.endTime', kind: 'time', required: true, width: 100 },
  ...DAYS.map((day): GridField => ({ name: day, label: `fields.${day}`, kind: 'boolean', width: 95 })),
];

const TARGET_FIELDS: readonly GridField[] = [
  { name: 'targetID', label: 'fields.targetID', key: true, generated: true, inGrid: false, inForm: false },
  GROUP_LINK,
  {
    name: 'type',
    label: 'fields.type',
    kind: 'select',
    required: true,
    options: {
      kind: 'static',
      options: [
        { value: 0, label: 'options.notificationType.0' },
        { value: 1, label: 'options.notificationType.1' },
      ],
    },
  },
  {
    name: 'channel',
    label: 'fields.channel',
    kind: 'select',
    required: true,
    defaultValue: 1,
    options: {
      kind: 'static',
      options: [
        { value: 1, label: 'options.channel.1' },
        { value: 2, label: 'options.channel.2' },
      ],
    },
  },
  { name: 'notifyAfterMinutes', label: 'fields.notifyAfterMinutes', kind: 'number', required: true },
];

const WATCHER_FIELDS: readonly GridField[] = [
  { name: 'watcherID', label: 'fields.watcherID', key: true, generated: true, inGrid: false, inForm: false },
  GROUP_LINK,
  { name: 'buildingId', label: 'fields.buildingId', kind: 'select', options: BUILDING_OPTIONS },
  { name: 'sectorID', label: 'fields.sectorID', kind: 'select', options: SECTOR_OPTIONS },
  { name: 'lineID', label: 'fields.lineID', kind: 'select', options: LINE_OPTIONS },
];

const DETAILS = [
  {
    path: '/api/notifications/schedules',
    fields: SCHEDULE_FIELDS,
    title: 'notificationGroups.schedules',
    exportName: 'horarios',
    testId: 'schedules-grid',
  },
  {
    path: '/api/notifications/targets',
    fields: TARGET_FIELDS,
    title: 'notificationGroups.targets',
    exportName: 'destinos',
    testId: 'targets-grid',
  },
  {
    path: '/api/notifications/watchers',
    fields: WATCHER_FIELDS,
    title: 'notificationGroups.watchers',
    exportName: 'observados',
    testId: 'watchers-grid',
  },
] as const;

/** Notification groups; the selected group's schedules, targets and watchers below it. */
export default function NotificationGroupsTab({ canWrite }: ConfigurationPageProps) {
  const { t } = useTranslation();
  return (
    <MasterDetail
      master={{
        path: '/api/notifications/groups',
        keyFields: ['groupID'],
        fields: GROUP_FIELDS,
        canWrite,
        exportName: 'grupos-notificacion',
        height: 320,
        testId: 'groups-grid',
      }}
      keyField="groupID"
      prompt={t('notificationGroups.selectGroup')}
      heading={(group) => t('notificationGroups.selected', { name: String(group.name ?? '') })}
    >
      {(groupID) =>
        DETAILS.map((detail) => (
          <DataGrid
            key={detail.path}
            path={detail.path}
            keyFields={[detail.fields[0]!.name]}
            fields={detail.fields}
            canWrite={canWrite}
            filter={['groupID', '=', groupID]}
            fixedValues={{ groupID }}
            exportName={detail.exportName}
            title={t(detail.title)}
            height={260}
            pageSize={10}
            testId={detail.testId}
          />
        ))
      }
    </MasterDetail>
  );
}
