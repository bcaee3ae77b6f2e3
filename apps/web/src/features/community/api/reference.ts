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

export function useSocialNetworks() {
  return useQuery({
    queryKey: ['reference', 'social-networks'],
    queryFn: () => api.call('listSocialNetworks'),
    ...forever,
  });
}

interface Named {
  id?: string;
  code?: string;
  name: Record<Locale, string>;
}

/** The name of a reference entry (by id, or code for countries) in the reader's language; the id while loading. */
export function nameOf(list: readonly Named[] | undefined, id: string, locale: Locale): string {
  const entry = list?.find((e) => (e.id ?? e.code) === id);
  return entry ? entry.name[locale] : id;
}
