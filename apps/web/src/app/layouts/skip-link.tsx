import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** First tab stop on every page: jumps past the header and navigation to the content. */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  const { t } = useTranslation('shell');
  return (
    <a className={classes.skipLink} href={`#${target}`}>
      {t('skipToContent')}
    </a>
  );
}
