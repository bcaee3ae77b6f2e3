import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@tutti/contract/common';
import type { SkillLevel } from '@tutti/contract/community';
import { api } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { SKILL_LEVELS } from '../me/limits';
import { COMMUNITY_NS } from '../translations';

/**
 * The reference lists a profile is written with and read in: instruments, music styles, skill levels, countries,
 * social networks.
 * They change with a deployment, not during a visit: fetched once per visit and shared by every screen.
 */
const forever = { staleTime: Infinity, gcTime: Infinity } as const;

export function useInstruments() {
  return useQuery({ queryKey: ['reference', 'instruments'], queryFn: () => api.call('listInstruments'), ...forever });
}

export function useMusicStyles() {
  return useQuery({ queryKey: ['reference', 'music-styles'], queryFn: () => api.call('listMusicStyles'), ...forever });
}

export function useCountries() {
  return useQuery({ queryKey: ['reference', 'countries'], queryFn: () => api.call('listCountries'), ...forever });
}

/** The skill levels, "all" first, ranked and named by the server (GET v1/music-skills). */
export function useMusicSkills() {
  return useQuery({ queryKey: ['reference', 'music-skills'], queryFn: () => api.call('listMusicSkills'), ...forever });
}

/**
 * A skill level's one name, wherever it shows (the editor, a profile, a card, the search filter; issue 29): the
 * server's reference entry, and until the list arrives the community texts, which say the same words.
 */
export function useSkillName(): (level: SkillLevel | 'all') => string {
  const { t } = useTranslation(COMMUNITY_NS);
  const skills = useMusicSkills().data;
  const locale = currentLanguage();
  return (level) => skills?.find((s) => s.id === level)?.name[locale] ?? t(`skill.${level}`);
}

/** The levels a musician can hold, in their order, as select options. */
export function useSkillOptions(): { value: SkillLevel; label: string }[] {
  const skillName = useSkillName();
  return SKILL_LEVELS.map((level) => ({ value: level, label: skillName(level) }));
}

/**
 * The social networks, named in the reader's language: a network's name is a brand, the same in every language,
 * except the generic ones (a personal website) that the community texts translate (issue 29: "Website" in French).
 */
export function useSocialNetworks() {
  const { t, i18n } = useTranslation(COMMUNITY_NS);
  const query = useQuery({
    queryKey: ['reference', 'social-networks'],
    queryFn: () => api.call('listSocialNetworks'),
    ...forever,
  });
  const data = query.data?.map((n) =>
    i18n.exists(`networks.${n.id}`, { ns: COMMUNITY_NS })
      ? { ...n, name: t(`networks.${n.id}` as 'networks.website') }
      : n,
  );
  return { ...query, data };
}

interface Named {
  id?: string;
  code?: string;
  name: Record<Locale, string>;
}

/** The catch-all entry of a reference list (the instruments' "Other"): listed last, whatever its name sorts as. */
const CATCH_ALL = 'other';

/**
 * A reference list as select options, by name in the reader's language, the catch-all last in every language
 * (issue 29: "Other" and "Autre" sorted into the middle of the instruments).
 */
export function optionsByName(list: readonly Named[] | undefined, locale: Locale): { value: string; label: string }[] {
  const idOf = (e: Named) => e.id ?? e.code ?? '';
  return [...(list ?? [])]
    .sort(
      (a, b) =>
        Number(idOf(a) === CATCH_ALL) - Number(idOf(b) === CATCH_ALL) ||
        a.name[locale].localeCompare(b.name[locale], locale),
    )
    .map((e) => ({ value: idOf(e), label: e.name[locale] }));
}

/** The name of a reference entry (by id, or code for countries) in the reader's language; the id while loading. */
export function nameOf(list: readonly Named[] | undefined, id: string, locale: Locale): string {
  const entry = list?.find((e) => (e.id ?? e.code) === id);
  return entry ? entry.name[locale] : id;
}
