import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData, useRevalidator } from 'react-router';
import { Link } from '../../components/ui/links';
import type { FictionalProfile } from '../../../contract/admin/fictional';
import type { FictionalPhotosResponse } from '../../../contract/admin/fictional-photos';
import { FictionalPhotosEditor } from '../../components/admin/FictionalPhotosEditor';
import { FictionalProfileForm, type FictionalProfileValues } from '../../components/admin/FictionalProfileForm';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/fictional-edit';

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.staff) return { profile: null, photos: [] };
  const answer = await context.adminGet<FictionalProfile | { message: string }>(`/api/admin/fictional-profiles/${encodeURIComponent(params.id)}`);
  if (answer.status === 403 || answer.status === 401) throw data('Your role does not allow this page.', { status: 403 });
  if (answer.status !== 200) throw data((answer.body as { message: string }).message, { status: answer.status === 400 ? 404 : answer.status });
  const photos = await context.adminGet<FictionalPhotosResponse>(`/api/admin/fictional-profiles/${encodeURIComponent(params.id)}/photos`);
  return { profile: answer.body as FictionalProfile, photos: photos.status === 200 ? (photos.body as FictionalPhotosResponse).photos : [] };
}

/** `/admin/fictional/{id}` — edit a fictional profile, saved with the version it was loaded at (409 when someone saved since). */
export default function FictionalProfileEdit() {
  const { t } = useTranslation();
  const { profile, photos } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState(false);
  const save = useApiAction((values: FictionalProfileValues) =>
    api<FictionalProfile>(`/api/admin/fictional-profiles/${profile!.id}`, { method: 'PATCH', body: { version: profile!.version, ...values }, retries: 0 }),
  );
  if (!profile) return null;
  return (
    <>
      <Link to="/admin/fictional" className="small">
        ← {t('fictional.back')}
      </Link>
      <h1 className="h3 mt-2">{t('fictional.edit_title', { name: profile.name })}</h1>
      <section className="card" style={{ maxWidth: 720 }}>
        <div className="card-body">
          {profile.under_age && (
            <div className="alert alert-warning" role="alert" data-testid="fictional-under-age">
              {t('fictional.under_age_notice')}
            </div>
          )}
          {saved && (
            <div className="alert alert-success" role="status">
              {t('fictional.saved')}
            </div>
          )}
          <FictionalProfileForm
            key={profile.version}
            initial={profile}
            submitLabel={t('fictional.save')}
            pending={save.pending}
            error={save.error}
            fieldError={save.fieldError}
            onSubmit={async (values) => {
              setSaved(false);
              if (await save.run(values)) {
                // The form is remade from the saved version: say "Saved." only then, so nothing typed meanwhile is lost.
                await revalidator.revalidate();
                setSaved(true);
              }
            }}
          />
        </div>
      </section>
      <FictionalPhotosEditor profileId={profile.id} name={profile.name} initial={photos} />
    </>
  );
}
