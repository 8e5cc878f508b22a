// The pages' Spanish texts, before any page is drawn (lib/page-messages.ts).
import '../../lib/page-messages';
import type { TFunction } from 'i18next';
import { Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShiftName } from '../dashboard/use-shift-name';
import { Link, useSearchParams } from 'react-router-dom';
import { BEACON_COLORS } from '../../components/beacon';
import { oeeColor } from '../../components/gauge/indicator-colors';
import { useDocumentTitle } from '../../components/use-document-title';
import { useNow } from '../../components/use-now';
import { changeLanguage } from '../../lib/i18n';
import { errorMessage } from '../../lib/api-client';
import { minutesLabel, percentLabel, quantityLabel, rateLabel } from '../../lib/indicator-format';
import { formatPlantTime, offsetMinutesOf, toPlantLocal } from '../../lib/plant-time';
import type { ShiftInfo } from '../dashboard/api/get-line-status';
import { refusalOf, useScoreboard, type GoalProgress, type LineBoard } from './api/get-scoreboard';
import { runningTime, scoreboardOptions } from './scoreboard-options';

/** Two halls, two themes: dark for a dim hall (the default), light for a bright one. */
const PALETTES = {
  dark: { bg: '#0b0f14', panel: '#161d26', fg: '#f5f7fa', muted: '#a3adb8' },
  light: { bg: '#eef1f4', panel: '#ffffff', fg: '#0b0f14', muted: '#4a5561' },
} as const;
type Palette = (typeof PALETTES)[keyof typeof PALETTES];

/** Type that reads from ten metres on a wall display and still fits a phone: sizes follow the screen's smaller side. */
const SIZE = {
  huge: 'clamp(3rem, 16vmin, 14rem)',
  big: 'clamp(1.75rem, 7vmin, 6rem)',
  mid: 'clamp(1.1rem, 3.6vmin, 3rem)',
  small: 'clamp(0.9rem, 2.4vmin, 2rem)',
};

/**
 * /tablero, the scoreboard for the wall: full screen, no menus, one line or a sector's lines in rotation, the beacon's
 * colour filling the screen's border. It runs unattended: a terminal configured with a line opens it without signing
 * in; it polls every 15 s whatever happened to the last try, keeps the last figures (marked offline) through an edge
 * restart or a network cut, and reloads itself on a new version (AppWatchers). Options in the URL
 * (scoreboard-options.ts).
 */
export default function ScoreboardPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const options = scoreboardOptions(search);
  const palette = PALETTES[options.theme];
  const board = useScoreboard(options.request);
  const lines = board.data?.lines ?? [];
  const index = useRotation(lines.length, options.intervalMs);
  const line = lines[index] ?? lines[0];
  const refusal = refusalOf(board.error);

  useEffect(() => {
    if (options.language) void changeLanguage(options.language);
  }, [options.language]);
  useDocumentTitle(line ? t('scoreboard.title', { n: line.lineID }) : t('scoreboard.titleNoLine'));

  let content: ReactNode;
  if (refusal === 'otherLine') content = <Message palette={palette} title={t('dashboard.noAccess')} testId="scoreboard-refused" />;
  else if (refusal === 'noTerminal') {
    content = (
      <Message
        palette={palette}
        title={t('scoreboard.noTerminalTitle')}
        text={t('scoreboard.noTerminalText')}
        testId="scoreboard-no-terminal"
      >
        <Button asChild size="lg" colorPalette="teal">
          <Link to="/login" state={{ from: `/tablero${search.size ? `?${search.toString()}` : ''}` }}>
            {t('scoreboard.signIn')}
          </Link>
        </Button>
      </Message>
    );
  } else if (line && board.data)
    content = (
      <LineScoreboard
        line={line}
        shift={board.data.shift}
        palette={palette}
        updatedAt={board.dataUpdatedAt}
        position={lines.length > 1 ? { current: index + 1, total: lines.length } : null}
        offline={board.isError}
      />
    );
  else if (board.isError)
    content = (
      <Message
        palette={palette}
        title={t('scoreboard.failed')}
        text={errorMessage(board.error, t('errors.somethingHappened'))}
        testId="scoreboard-failed"
      />
    );
  else content = <Message palette={palette} title={t('scoreboard.loading')} />;

  return (
    <Box minH="100dvh" bg={palette.bg} color={palette.fg} data-testid="scoreboard-page" data-theme={options.theme}>
      {content}
    </Box>
  );
}

/** The index of the line on screen: the next one every `intervalMs`, back to the first after the last. */
function useRotation(count: number, intervalMs: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs]);
  return count === 0 ? 0 : index % count;
}

function Message({
  palette,
  title,
  text,
  children,
  testId,
}: {
  palette: Palette;
  title: string;
  text?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Stack minH="100dvh" align="center" justify="center" gap="4" p="6" textAlign="center" data-testid={testId}>
      <Text fontSize={SIZE.mid} fontWeight="bold">
        {title}
      </Text>
      {text && (
        <Text fontSize={SIZE.small} color={palette.muted}>
          {text}
        </Text>
      )}
      {children}
    </Stack>
  );
}

function Panel({ palette, title, children, testId }: { palette: Palette; title: string; children: ReactNode; testId: string }) {
  return (
    <Stack bg={palette.panel} borderRadius="xl" p="2.5vmin" gap="1vmin" minW="0" data-testid={testId}>
      <Text fontSize={SIZE.small} color={palette.muted} fontWeight="semibold" textTransform="uppercase" letterSpacing="wide">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function LineScoreboard({
  line,
  shift,
  palette,
  updatedAt,
  position,
  offline,
}: {
  line: LineBoard;
  shift: ShiftInfo;
  palette: Palette;
  updatedAt: number;
  position: { current: number; total: number } | null;
  offline: boolean;
}) {
  const { t, i18n } = useTranslation();
  const nameOf = useShiftName();
  const now = useNow(1_000);
  const beacon = BEACON_COLORS[line.beacon];
  return (
    <Stack
      minH="100dvh"
      borderWidth="2.5vmin"
      borderStyle="solid"
      borderColor={beacon}
      p="2vmin"
      gap="2vmin"
      data-testid="scoreboard"
      data-line={line.lineID}
      data-beacon={line.beacon}
    >
      <HStack justify="space-between" align="baseline" wrap="wrap" gap="2vmin">
        <Text fontSize={SIZE.big} fontWeight="bold" lineHeight="1.1" data-testid="scoreboard-line">
          {t('scoreboard.line', { n: line.lineID, description: line.description })}
        </Text>
        <HStack gap="3vmin" fontSize={SIZE.mid} wrap="wrap">
          {offline && (
            <Text color="orange.400" data-testid="scoreboard-offline">
              {t('scoreboard.offline')}
            </Text>
          )}
          {position && <Text data-testid="scoreboard-rotation">{t('scoreboard.rotation', position)}</Text>}
          <Text>{t('scoreboard.shift', { name: nameOf(shift) })}</Text>
          <Text fontVariantNumeric="tabular-nums" data-testid="scoreboard-clock">
            {formatPlantTime(toPlantLocal(now, offsetMinutesOf(shift.start)))}
          </Text>
        </HStack>
      </HStack>
      <Grid flex="1" gap="2vmin" templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }}>
        <OeePanel line={line} palette={palette} />
        <UnitsPanel line={line} palette={palette} language={i18n.language} />
        <StopPanel line={line} palette={palette} elapsedMs={line.stop ? line.stop.duration * 60_000 + Math.max(0, now - updatedAt) : 0} />
        <Panel palette={palette} title={t('scoreboard.losses')} testId="scoreboard-losses">
          {line.losses.length === 0 && <Text fontSize={SIZE.mid}>{t('scoreboard.noLosses')}</Text>}
          {line.losses.map((loss, position) => (
            <HStack
              key={`${loss.path ?? ''}|${position}`}
              justify="space-between"
              gap="2vmin"
              fontSize={SIZE.mid}
              data-testid="scoreboard-loss"
            >
              <HStack gap="1.5vmin" minW="0">
                <Box
                  flexShrink={0}
                  w="1.2em"
                  h="1.2em"
                  borderRadius="sm"
                  bg={loss.path === null ? 'red.500' : (loss.color ?? palette.muted)}
                />
                <Text lineClamp={2}>{loss.path === null ? t('dashboard.unrecognized') : (loss.reason ?? loss.path)}</Text>
              </HStack>
              <Text flexShrink={0} fontWeight="bold" fontVariantNumeric="tabular-nums">
                {t('scoreboard.minutes', { value: minutesLabel(loss.duration) })}
              </Text>
            </HStack>
          ))}
        </Panel>
      </Grid>
    </Stack>
  );
}

function OeePanel({ line, palette }: { line: LineBoard; palette: Palette }) {
  const { t } = useTranslation();
  const factors = [
    ['utilization', line.shift.utilization],
    ['throughput', line.shift.throughput],
    ['acceptance', line.shift.acceptance],
  ] as const;
  return (
    <Panel palette={palette} title={t('scoreboard.oee')} testId="scoreboard-oee">
      <HStack align="baseline" gap="3vmin" wrap="wrap">
        <Text
          fontSize={SIZE.huge}
          fontWeight="black"
          lineHeight="1"
          color={oeeColor(line.shift.oee, line.targetOEE)}
          data-testid="scoreboard-oee-value"
        >
          {percentLabel(line.shift.oee)}
        </Text>
        <Text fontSize={SIZE.mid} color={palette.muted} data-testid="scoreboard-target">
          {line.targetOEE === null ? t('scoreboard.noTarget') : t('scoreboard.target', { value: percentLabel(line.targetOEE / 100) })}
        </Text>
      </HStack>
      <Grid templateColumns="repeat(3, minmax(0, 1fr))" gap="2vmin">
        {factors.map(([name, value]) => (
          <Stack key={name} gap="0" minW="0">
            <Text fontSize={SIZE.small} color={palette.muted} truncate>
              {t(`dashboard.tiles.${name}`)}
            </Text>
            <Text fontSize={SIZE.big} fontWeight="bold" lineHeight="1.1" data-testid={`scoreboard-${name}`}>
              {percentLabel(value)}
            </Text>
          </Stack>
        ))}
      </Grid>
    </Panel>
  );
}

function neededText(progress: GoalProgress, t: TFunction): string {
  if (progress.goal === null) return t('scoreboard.noGoal');
  if (progress.neededPerMinute === 0) return t('scoreboard.neededReached');
  if (progress.neededPerMinute === null) return t('scoreboard.neededNoTime');
  return t('scoreboard.needed', { rate: rateLabel(progress.neededPerMinute) });
}

function UnitsPanel({ line, palette, language }: { line: LineBoard; palette: Palette; language: string }) {
  const { t } = useTranslation();
  const { shift, order, unit } = line.units;
  const count = (value: number | null) => quantityLabel(value, language);
  return (
    <Panel palette={palette} title={t('scoreboard.shiftUnits')} testId="scoreboard-units">
      <HStack align="baseline" gap="2vmin" wrap="wrap">
        <Text fontSize={SIZE.big} fontWeight="black" lineHeight="1.1" data-testid="scoreboard-shift-made">
          {count(shift.made)}
        </Text>
        {shift.goal !== null && <Text fontSize={SIZE.mid}>{t('scoreboard.of', { goal: count(shift.goal) })}</Text>}
        {unit && (
          <Text fontSize={SIZE.small} color={palette.muted}>
            {unit}
          </Text>
        )}
      </HStack>
      <Text fontSize={SIZE.small} data-testid="scoreboard-shift-needed">
        {neededText(shift, t)} · {t('scoreboard.current', { rate: rateLabel(shift.perMinute) })}
      </Text>
      {order ? (
        <Stack gap="0" pt="1vmin" data-testid="scoreboard-order">
          <Text fontSize={SIZE.small} color={palette.muted} truncate>
            {t('scoreboard.orderUnits', { order: order.order })}
            {order.productName ? ` · ${order.productName}` : ''}
          </Text>
          <HStack align="baseline" gap="2vmin" wrap="wrap">
            <Text fontSize={SIZE.big} fontWeight="bold" lineHeight="1.1" data-testid="scoreboard-order-made">
              {count(order.made)}
            </Text>
            {order.goal !== null && <Text fontSize={SIZE.mid}>{t('scoreboard.of', { goal: count(order.goal) })}</Text>}
            <Text fontSize={SIZE.mid} color={palette.muted} data-testid="scoreboard-order-progress">
              {percentLabel(order.progress)}
            </Text>
          </HStack>
          <Text fontSize={SIZE.small}>{neededText(order, t)}</Text>
        </Stack>
      ) : (
        <Text fontSize={SIZE.small} color={palette.muted} pt="1vmin">
          {t('scoreboard.noOrder')}
        </Text>
      )}
    </Panel>
  );
}

function StopPanel({ line, palette, elapsedMs }: { line: LineBoard; palette: Palette; elapsedMs: number }) {
  const { t } = useTranslation();
  const { stop, call } = line;
  return (
    <Panel palette={palette} title={t('scoreboard.stop')} testId="scoreboard-stop">
      {stop ? (
        <>
          <Text
            fontSize={SIZE.huge}
            fontWeight="black"
            lineHeight="1"
            color={BEACON_COLORS.red}
            fontVariantNumeric="tabular-nums"
            data-testid="scoreboard-stop-time"
          >
            {runningTime(elapsedMs)}
          </Text>
          <Text fontSize={SIZE.mid} fontWeight="semibold" lineClamp={2} data-testid="scoreboard-stop-reason">
            {stop.recognized ? (stop.reason ?? stop.path) : t('dashboard.unrecognized')}
          </Text>
          <Text fontSize={SIZE.small} color={palette.muted}>
            {t('dashboard.stopSince', { time: formatPlantTime(stop.startDate) })}
          </Text>
        </>
      ) : (
        <Text
          fontSize={SIZE.big}
          fontWeight="bold"
          color={line.beacon === 'white' ? palette.muted : BEACON_COLORS.green}
          data-testid="scoreboard-running"
        >
          {line.beacon === 'white' ? t('scoreboard.unknown') : t('scoreboard.running')}
        </Text>
      )}
      {call && (
        <Text fontSize={SIZE.mid} color={BEACON_COLORS.amber} data-testid="scoreboard-call">
          {t('scoreboard.call', { status: t(`maintenanceManager.status${call.status as 0 | 1}`) })}
        </Text>
      )}
    </Panel>
  );
}
