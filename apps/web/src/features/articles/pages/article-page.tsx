import { useTranslation } from 'react-i18next';
import { AccountingDocumentPage } from '../../../components/accounting/pages/accounting-document-page';
import { useAccountingDocument } from '../../../components/accounting/pages/use-accounting-document';
import { ApiError } from '../../../lib/api-client';
import { useArticle } from '../api/get-article';
import { useSaveArticle } from '../api/save-article';
import { ArticleForm } from '../components/article-form';
import { ARTICLE_PATHS } from '../lib/paths';

/**
 * A failed load that means "no such article here": unknown id, another club account's, or not an
 * id. An article the portal knows but the accounting program no longer has (the "missing in
 * the accounting program" message, docs/accounting.md#mirror) is a 404 too; that one is explained on the page instead.
 */
const isMissing = (error: unknown) => {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 400) return true;
  return error.status === 404 && error.code !== 'accounting.not_found';
};

/**
 * /dashboard/acounting/article/create and …/edit/{id} (docs/accounting-data.md#articles). The edit page reads the article
 * from the accounting program on arrival (the portal's copy, with a notice, when the program
 * does not answer) and goes to the 404 page for an unknown or malformed id; without the write
 * scope the article is shown read-only.
 */
export default function ArticlePage() {
  const { t } = useTranslation('articles');
  const page = useAccountingDocument({
    resource: 'articles',
    listPath: ARTICLE_PATHS.list,
    useDocument: useArticle,
    useSave: useSaveArticle,
    savedMessage: (saved, editing) =>
      editing
        ? t('page.saved', { description: saved.description })
        : t('page.created', { description: saved.description, number: saved.number }),
    titleLabel: (article) => article.description,
    crumbLabel: (article) => article.description,
    isMissing,
  });
  const backToList = () => void page.navigate(ARTICLE_PATHS.list);

  return (
    <AccountingDocumentPage
      page={page}
      createForm={<ArticleForm readOnly={false} onSubmit={page.submit} onSaved={backToList} />}
      description={(article) => t('page.editDescription', { number: article.number })}
    >
      {(article) => (
        // Keyed by the stored version: a fresh read starts the form again from what the program holds.
        <ArticleForm
          key={article.syncedAt}
          article={article}
          readOnly={!page.canWrite}
          onSubmit={page.submit}
          onSaved={backToList}
        />
      )}
    </AccountingDocumentPage>
  );
}
