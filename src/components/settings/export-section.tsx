// Settings: download everything as JSON (private months opened here), or one month as CSV (data take-out works without a subscription).
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { exportFileName, monthCsvFileName } from '../../../contract/export-format';
import { monthCard } from '../../i18n/en/month-card';
import { settings } from '../../i18n/en/settings';
import { texts, useTexts } from '../../i18n/store';
import { useDownloadExport, useDownloadMonthCsv } from '../../queries/export';
import { monthsQueryOptions } from '../../queries/months';
import { shownMonthName } from '../months/month-name';
import { notifyFailure, notifyWarning } from '../toast';
import { saveFile } from './save-file';
import { SettingsSection } from './settings-section';

export function ExportSection() {
  const t = useTexts('settings', settings);
  const monthWords = useTexts('monthCard', monthCard);
  const months = useQuery(monthsQueryOptions());
  const exportAll = useDownloadExport();
  const monthCsv = useDownloadMonthCsv();

  const hasPrivate = months.data?.some((month) => month.month_key != null) ?? false;

  const downloadAll = () =>
    exportAll.mutate(undefined, {
      onSuccess: ({ blob, privateMonths }) => {
        saveFile(blob, exportFileName());
        const words = texts('settings', settings);
        if (privateMonths?.locked) {
          const count = months.data?.filter((month) => month.month_key != null).length ?? 1;
          notifyWarning(words.exportPrivateLocked(count));
        }
        if (privateMonths?.leftOut)
          notifyWarning(words.exportPrivateLeftOut(privateMonths.leftOut));
      },
      onError: (error) => notifyFailure(texts('settings', settings).exportFailed, error),
    });
  const downloadMonth = (id: number, name: string) =>
    monthCsv.mutate(id, {
      onSuccess: (blob) => saveFile(blob, monthCsvFileName(name)),
      onError: (error) => notifyFailure(texts('settings', settings).exportFailed, error),
    });

  return (
    <SettingsSection title={t.exportTitle} description={t.exportDescription}>
      <Group>
        <Button onClick={downloadAll} loading={exportAll.isPending}>
          {t.downloadAll}
        </Button>
      </Group>
      {hasPrivate && <Text size="sm">{t.exportPrivateNote}</Text>}
      <Text fw={600} size="sm" mt="xs">
        {t.monthAsCsv}
      </Text>
      {/* Months already loaded stay listed when a refetch fails (offline, say). */}
      {months.data ? (
        months.data.length === 0 ? (
          <Text size="sm">{t.noMonths}</Text>
        ) : (
          <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
            {months.data.map((month) => (
              <Group component="li" key={month.id} justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" truncate="end">
                  {shownMonthName(month, monthWords)}
                </Text>
                {month.month_key ? (
                  <Text size="xs" c="dimmed" flex="none">
                    {t.csvNotPrivate}
                  </Text>
                ) : (
                  <Button
                    variant="light"
                    size="xs"
                    flex="none"
                    aria-label={t.downloadMonthCsv(month.name)}
                    loading={monthCsv.isPending && monthCsv.variables === month.id}
                    onClick={() => downloadMonth(month.id, month.name)}
                  >
                    {t.csv}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )
      ) : months.isError ? (
        <Alert color="red" variant="light" title={t.monthsFailed}>
          <Button size="xs" variant="light" color="red" onClick={() => void months.refetch()}>
            {t.tryAgain}
          </Button>
        </Alert>
      ) : (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t.loadingMonths}</Text>
        </Group>
      )}
    </SettingsSection>
  );
}
