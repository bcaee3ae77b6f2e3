-- The seeded releases pointed at native installers that were never published. What the server publishes under
-- NALS_DOWNLOAD_BASE_URL's default (/downloads/nals/) is the emulator: one JavaScript file for every system, run with
-- Node. Only addresses still as seeded change; a deployment that set its own keeps them.
UPDATE "nals_versions" SET "download_linux" = "version" || '/tutti-nals-' || "version" || '.mjs'
  WHERE "download_linux" = "version" || '/tutti-nals-' || "version" || '-linux-x64.tar.gz';--> statement-breakpoint
UPDATE "nals_versions" SET "download_windows" = "version" || '/tutti-nals-' || "version" || '.mjs'
  WHERE "download_windows" = "version" || '/tutti-nals-' || "version" || '-windows-x64.exe';--> statement-breakpoint
UPDATE "nals_versions" SET "download_mac" = "version" || '/tutti-nals-' || "version" || '.mjs'
  WHERE "download_mac" = "version" || '/tutti-nals-' || "version" || '-macos.dmg';
