import { Button, Group } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage } from '../lib/i18n';

/** The ES/EN switch of the login page. */
export function LanguageSwitch() {
  const { i18n, t } = useTranslation();
  return (
    <Group attached>
      {LANGUAGES.map((code) => (
        <Button
          key={code}
          size="xs"
          variant={i18n.language === code ? 'solid' : 'outline'}
          aria-pressed={i18n.language === code}
          title={t(`languages.${code}`)}
          onClick={() => void changeLanguage(code)}
          data-testid={`switch-language-${code}`}
        >
          {t(`languageCodes.${code}`)}
        </Button>
      ))}
    </Group>
  );
}
