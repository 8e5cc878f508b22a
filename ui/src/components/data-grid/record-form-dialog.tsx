import { Alert, Button, Dialog, Portal, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formFields, initialFormValues, isEditable, isVisible, valuesToSend, type OptionResolver } from './field-values';
import { FormField } from './form-field';
import type { FormContext, GridField, GridOption, GridRow } from './grid-types';

export interface RecordFormDialogProps {
  mode: 'insert' | 'update';
  /** The stored record being edited (update), null for a new one. */
  record: GridRow | null;
  fields: readonly GridField[];
  canWrite: boolean;
  /** Values every write of this grid carries (the selected master row's key). */
  fixedValues: GridRow;
  /** Starting values of a new record (default: the fixed values and each field's default). */
  initialValues?: GridRow;
  resolver: OptionResolver;
  optionsOf: (field: GridField) => readonly GridOption[];
  /** Performs the write; rejects with an ApiError whose `fields` go under their inputs. */
  onSubmit: (values: GridRow) => Promise<unknown>;
  onClose: () => void;
  size?: 'md' | 'lg' | 'xl';
}

/** Insert or update one record: a field per column, the server's message under each field it concerns. */
export function RecordFormDialog({
  mode,
  record,
  fields,
  canWrite,
  fixedValues,
  initialValues,
  resolver,
  optionsOf,
  onSubmit,
  onClose,
  size = 'lg',
}: RecordFormDialogProps) {
  const { t } = useTranslation();
  const shown = formFields(fields, mode);
  const [values, setValues] = useState(() => initialFormValues(shown, record, { ...initialValues, ...fixedValues }));
  // One setter per field, made once: FormField is memoized, so a keystroke re-renders the field typed in only.
  const [setters] = useState(() => new Map<string, (value: unknown) => void>());
  const setterOf = (name: string) => {
    let setter = setters.get(name);
    if (!setter) {
      setter = (value: unknown) => setValues((current) => ({ ...current, [name]: value }));
      setters.set(name, setter);
    }
    return setter;
  };
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [saving, setSaving] = useState(false);
  const context: FormContext = { mode, values, record };
  const fieldErrors = error instanceof ApiError ? error.fields : {};
  const shownNames = new Set(shown.map((field) => field.name));
  const unplaced = error && !Object.keys(fieldErrors).some((name) => shownNames.has(name));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onSubmit(valuesToSend(shown, values, context, resolver, fixedValues));
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(String(failure)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      size={size}
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="record-form">
            {/* display: contents keeps header, body and footer the dialog's own flex children (the body scrolls). */}
            <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
              <Dialog.Header>
                <Dialog.Title>{mode === 'insert' ? t('grid.newRecord') : t('grid.editRecord')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {unplaced && (
                    <Alert.Root status="error" data-testid="form-error">
                      <Alert.Indicator />
                      <Alert.Title>{errorMessage(error, t('common.unknownError'))}</Alert.Title>
                    </Alert.Root>
                  )}
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {shown
                      .filter((field) => isVisible(field, context))
                      .map((field) => {
                        const wide = field.kind === 'code' || field.kind === 'textarea';
                        const setValue = setterOf(field.name);
                        return (
                          <div key={field.name} style={wide ? { gridColumn: '1 / -1' } : undefined}>
                            <FormField
                              field={field}
                              value={values[field.name]}
                              onChange={setValue}
                              disabled={!isEditable(field, context, canWrite) || saving}
                              error={fieldErrors[field.name]}
                              options={optionsOf(field)}
                              hint={field.writeOnly && mode === 'update' ? t('grid.keepSecret') : undefined}
                              extra={field.extra?.({ ...context, value: values[field.name], setValue })}
                            />
                          </div>
                        );
                      })}
                  </SimpleGrid>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={saving}>
                  {t('common.cancel')}
                </Button>
                {canWrite && (
                  <Button type="submit" colorPalette="teal" loading={saving} data-testid="record-save">
                    {t('common.save')}
                  </Button>
                )}
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
