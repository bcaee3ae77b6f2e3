import type { Config, Country, MusicSkill, MusicStyle, Privilege, SocialNetwork } from '@tutti/contract/reference';
import type { AppConfig } from '../../config.ts';
import type { countries, musicSkills, musicStyles, privileges, socialNetworks } from '../../platform/schema.ts';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export const presentCountry = (r: Row<typeof countries>): Country => ({
  code: r.code,
  name: { en: r.nameEn, fr: r.nameFr },
});
export const presentSocialNetwork = (r: Row<typeof socialNetworks>): SocialNetwork => ({
  id: r.id,
  name: r.name,
  urlPrefix: r.urlPrefix,
});
export const presentMusicStyle = (r: Row<typeof musicStyles>): MusicStyle => ({
  id: r.id,
  name: { en: r.nameEn, fr: r.nameFr },
});
export const presentMusicSkill = (r: Row<typeof musicSkills>): MusicSkill => ({
  id: r.id as MusicSkill['id'],
  rank: r.rank,
  name: { en: r.nameEn, fr: r.nameFr },
});
export const presentPrivilege = (r: Row<typeof privileges>): Privilege => ({
  name: r.name,
  description: r.description,
});

export function presentConfig(config: AppConfig, live: { queueHost: string; nalsRefVersion: string }): Config {
  return {
    queueHost: live.queueHost,
    busHost: config.busHost,
    nalsRefVersion: live.nalsRefVersion,
    landingUrl: config.landingUrl,
    analytics: { ...config.analytics },
  };
}
