import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteRecordDialog } from '../../../../components/data-grid/delete-record-dialog';
import { useRecordWrite } from '../../../../components/data-grid/grid-api';
import type { GridRow } from '../../../../components/data-grid/grid-types';
import { RecordFormDialog } from '../../../../components/data-grid/record-form-dialog';
import { useFieldOptions } from '../../../../components/data-grid/use-field-options';
import { notify } from '../../../../components/feedback/toaster';
import { errorMessage } from '../../../../lib/api-client';
import { useSetReasonVisibility } from '../../api/set-reason-visibility';
import { ROOT_REASON_ID, isShownOnLine, type StopReason } from '../../../../lib/stop-reasons';
import type { ReasonNode } from './reason-tree';
import { STOP_REASON_FIELDS } from './stop-reason-fields';

type Editing = { mode: 'insert'; defaults: GridRow } | { mode: 'update'; record: StopReason } | null;

interface NodeActions {
  canWrite: boolean;
  lineID: number | null;
  onAdd: (parent: StopReason | null, isCategory: boolean) => void;
  onEdit: (reason: StopReason) => void;
  onDelete: (reason: StopReason) => void;
  onVisibility: (reason: StopReason, shown: boolean) => void;
}

function ReasonRow({ node, depth, actions }: { node: ReasonNode; depth: number; actions: NodeActions }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(depth < 1);
  const { reason } = node;
  const shown = actions.lineID === null || isShownOnLine(reason.enabledForLine, actions.lineID);
  return (
    <Box>
      <HStack
        gap="2"
        py="1"
        ps={`${depth * 20 + 4}px`}
        pe="2"
        borderBottomWidth="1px"
        _hover={{ bg: 'bg.muted' }}
        opacity={shown ? 1 : 0.55}
        data-testid={`reason-${reason.reasonID}`}
      >
        {reason.isCategory ? (
          <IconButton size="2xs" variant="ghost" aria-label={reason.reason} onClick={() => setOpen(!open)}>
            {open ? '▾' : '▸'}
          </IconButton>
        ) : (
          <Box w="6" />
        )}
        <Box w="3" h="3" borderRadius="full" bg={reason.color ?? 'gray.300'} flexShrink={0} />
        <Text fontWeight={reason.isCategory ? 'semibold' : 'normal'} flex="1" truncate>
          {reason.reason}
        </Text>
        {reason.systemStop && <Badge size="sm">{t('stopReasons.system')}</Badge>}
        {!shown && (
          <Badge size="sm" colorPalette="orange">
            {t('stopReasons.hiddenOnLine')}
          </Badge>
        )}
        {actions.canWrite && (
          <HStack gap="1">
            {actions.lineID !== null && !reason.systemStop && (
              <Button
                size="2xs"
                variant="outline"
                onClick={() => actions.onVisibility(reason, !shown)}
                data-testid={`reason-${reason.reasonID}-visibility`}
              >
                {shown ? t('stopReasons.hide') : t('stopReasons.show')}
              </Button>
            )}
            {reason.isCategory && (
              <>
                <Button
                  size="2xs"
                  variant="ghost"
                  onClick={() => actions.onAdd(reason, false)}
                  data-testid={`reason-${reason.reasonID}-add`}
                >
                  {t('stopReasons.addReason')}
                </Button>
                <Button size="2xs" variant="ghost" onClick={() => actions.onAdd(reason, true)}>
                  {t('stopReasons.addCategory')}
                </Button>
              </>
            )}
            <Button size="2xs" variant="ghost" onClick={() => actions.onEdit(reason)} data-testid={`reason-${reason.reasonID}-edit`}>
              {t('grid.edit')}
            </Button>
            {!reason.systemStop && (
              <Button
                size="2xs"
                variant="ghost"
                colorPalette="red"
                onClick={() => actions.onDelete(reason)}
                data-testid={`reason-${reason.reasonID}-delete`}
              >
                {t('grid.delete')}
              </Button>
            )}
          </HStack>
        )}
      </HStack>
      {open && node.children.map((child) => <ReasonRow key={child.reason.reasonID} node={child} depth={depth + 1} actions={actions} />)}
    </Box>
  );
}

/**
 * The stop reasons as a tree of categories. The supervisor adds, edits and deletes reasons from it and, with a line
 * chosen, shows or hides each reason on that line.
 */
export function ReasonTreeView({ tree, canWrite, lineID }: { tree: ReasonNode[]; canWrite: boolean; lineID: number | null }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StopReason | null>(null);
  const { optionsOf, resolver } = useFieldOptions(STOP_REASON_FIELDS);
  const write = useRecordWrite('/api/stopreasons');
  const visibility = useSetReasonVisibility();

  const actions: NodeActions = {
    canWrite,
    lineID,
    onAdd: (parent, isCategory) => setEditing({ mode: 'insert', defaults: { parentID: parent?.reasonID ?? ROOT_REASON_ID, isCategory } }),
    onEdit: (reason) => setEditing({ mode: 'update', record: reason }),
    onDelete: setDeleting,
    onVisibility: (reason, shown) =>
      lineID !== null &&
      visibility.mutate(
        { reasonID: reason.reasonID, lineID, enabled: shown },
        { onError: (error) => notify.error(errorMessage(error, t('common.unknownError'))) },
      ),
  };

  return (
    <Stack gap="2">
      {canWrite && (
        <Button size="sm" alignSelf="start" colorPalette="teal" onClick={() => actions.onAdd(null, true)} data-testid="reason-add-category">
          {t('stopReasons.addCategory')}
        </Button>
      )}
      <Box borderWidth="1px" borderRadius="md" maxH="65vh" overflowY="auto" bg="bg" data-testid="reason-tree">
        {tree.length === 0 ? (
          <Text p="3" color="fg.muted">
            {t('stopReasons.empty')}
          </Text>
        ) : (
          tree.map((node) => <ReasonRow key={node.reason.reasonID} node={node} depth={0} actions={actions} />)
        )}
      </Box>
      {editing && (
        <RecordFormDialog
          mode={editing.mode}
          record={editing.mode === 'update' ? editing.record : null}
          initialValues={editing.mode === 'insert' ? editing.defaults : undefined}
          fields={STOP_REASON_FIELDS}
          canWrite={canWrite}
          fixedValues={{}}
          resolver={resolver}
          optionsOf={optionsOf}
          onClose={() => setEditing(null)}
          onSubmit={(values) =>
            write
              .mutateAsync(
                editing.mode === 'insert' ? { kind: 'insert', values } : { kind: 'update', key: editing.record.reasonID, values },
              )
              .then(() => {
                notify.success(t('grid.saved'));
                setEditing(null);
              })
          }
        />
      )}
      {deleting && (
        <DeleteRecordDialog
          count={1}
          remove={() => write.mutateAsync({ kind: 'delete', key: deleting.reasonID })}
          onClose={() => setDeleting(null)}
          onDeleted={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
