import type { BrandConfig, WhitelabelModule } from "./brand-config.server";
import { getBrandConfig, getStatusSettings } from "./settings.server";
import {
  isRegionRestricted,
  systemStatus,
  type SystemStatus,
  type VisitorLocation,
} from "./status.server";
import type { Database } from "../db/open.server";

/** The permission payload, read first on every page. */
export interface Permission {
  info: {
    merchantCode: string;
    brandName: string;
    currency: BrandConfig["currency"];
    languages: string[];
    languageMenu: string[] | undefined;
    defaultLanguage: string;
    customerService: BrandConfig["customerService"];
    domainRoute: string[];
    resources: BrandConfig["resources"];
    whitelabel: WhitelabelModule[];
    registerFieldRules: BrandConfig["registerFieldRules"];
    mainDomain: string;
    analytics: BrandConfig["analytics"];
    imageCDNs: string[];
    launchGameCDNs: string[];
    footerVendors: string[];
    appDownload: BrandConfig["appDownload"];
    agentServiceHours: BrandConfig["agentServiceHours"];
  };
  location: { ip: string | null; country: string | null };
  maintenance: boolean;
  regionRestriction: boolean;
  status: SystemStatus;
}

export async function getPermission(db: Database, visitor: VisitorLocation): Promise<Permission> {
  const [brand, status] = await Promise.all([getBrandConfig(db), getStatusSettings(db)]);
  const regionRestriction = isRegionRestricted(brand.region, visitor);
  return {
    info: {
      merchantCode: brand.merchantCode,
      brandName: brand.name,
      currency: brand.currency,
      languages: brand.languages,
      languageMenu: brand.languageMenu,
      defaultLanguage: brand.defaultLanguage,
      customerService: brand.customerService,
      domainRoute: brand.domainRoute,
      resources: brand.resources,
      whitelabel: brand.whitelabel,
      registerFieldRules: brand.registerFieldRules,
      mainDomain: brand.mainDomain,
      analytics: brand.analytics,
      imageCDNs: brand.imageCdns,
      launchGameCDNs: brand.launchGameCdns,
      footerVendors: brand.footerVendors,
      appDownload: brand.appDownload,
      agentServiceHours: brand.agentServiceHours,
    },
    location: { ip: visitor.ip, country: visitor.country },
    maintenance: status.maintenance,
    regionRestriction,
    status: systemStatus({ maintenance: status.maintenance, regionRestriction }),
  };
}
