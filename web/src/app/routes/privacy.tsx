import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page.tsx';

/** Text with `- ` lines as bullet lists. */
function Prose({ text }: { text: string }) {
  const blocks: ({ kind: 'p'; text: string } | { kind: 'ul'; items: string[] })[] = [];
  for (const line of text.split('\n')) {
    const last = blocks.at(-1);
    if (line.startsWith('- ')) {
      if (last?.kind === 'ul') last.items.push(line.slice(2));
      else blocks.push({ kind: 'ul', items: [line.slice(2)] });
    } else if (line.trim()) {
      blocks.push({ kind: 'p', text: line });
    }
  }
  return (
    <>
      {blocks.map((block) =>
        block.kind === 'p' ? (
          <p key={block.text}>{block.text}</p>
        ) : (
          <ul key={block.items.join('|')}>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

const SECTIONS = ['who', 'what', 'why', 'how_long', 'cookies', 'sharing', 'rights', 'delete', 'contact'] as const;

/** The privacy policy: what is stored, why, for how long, and how to have it deleted. */
export function PrivacyPage() {
  const { t } = useTranslation();
  const texts: Record<(typeof SECTIONS)[number], { title: string; body: string }> = {
    who: { title: t('privacy.who.title'), body: t('privacy.who.body', { club: t('app.name') }) },
    what: { title: t('privacy.what.title'), body: t('privacy.what.body') },
    why: { title: t('privacy.why.title'), body: t('privacy.why.body') },
    how_long: { title: t('privacy.how_long.title'), body: t('privacy.how_long.body') },
    cookies: { title: t('privacy.cookies.title'), body: t('privacy.cookies.body') },
    sharing: { title: t('privacy.sharing.title'), body: t('privacy.sharing.body') },
    rights: { title: t('privacy.rights.title'), body: t('privacy.rights.body') },
    delete: { title: t('privacy.delete.title'), body: t('privacy.delete.body') },
    contact: { title: t('privacy.contact.title'), body: t('privacy.contact.body') },
  };
  return (
    <Page title={t('privacy.title')} subtitle={t('privacy.updated')}>
      <div className="prose">
        <p>{t('privacy.intro', { club: t('app.name') })}</p>
        {SECTIONS.map((key) => (
          <section key={key}>
            <h2>{texts[key].title}</h2>
            <Prose text={texts[key].body} />
          </section>
        ))}
      </div>
    </Page>
  );
}
