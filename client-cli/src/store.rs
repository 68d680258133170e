//! Saved tokens, so the same name comes back: one file in the user's config
//! directory (`MANCALA_CONFIG_DIR` overrides it), readable only by the user.

use std::collections::BTreeMap;
use std::path::PathBuf;

/// Tokens by server and name.
#[derive(Clone, Debug)]
pub struct TokenStore {
    path: PathBuf,
}

impl TokenStore {
    /// The store in `$MANCALA_CONFIG_DIR`, else the platform's config
    /// directory (`~/.config/mancala` on Linux); `None` when there is neither.
    pub fn open() -> Option<TokenStore> {
        let dir = std::env::var_os("MANCALA_CONFIG_DIR")
            .map(PathBuf::from)
            .or_else(|| dirs::config_dir().map(|d| d.join("mancala")))?;
        Some(TokenStore {
            path: dir.join("tokens.json"),
        })
    }

    fn load(&self) -> BTreeMap<String, String> {
        std::fs::read_to_string(&self.path)
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    fn key(url: &str, name: &str) -> String {
        format!("{url} {}", name.to_ascii_lowercase())
    }

    /// The token saved for this server and name.
    pub fn get(&self, url: &str, name: &str) -> Option<String> {
        self.load().get(&Self::key(url, name)).cloned()
    }

    /// Save a token; failures are ignored (the player just gets a new identity next time).
    pub fn put(&self, url: &str, name: &str, token: &str) {
        let mut tokens = self.load();
        tokens.insert(Self::key(url, name), token.to_owned());
        if let Some(dir) = self.path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let Ok(text) = serde_json::to_string_pretty(&tokens) else {
            return;
        };
        // Write aside and rename, so a reader never sees half a file.
        let aside = self
            .path
            .with_extension(format!("tmp{}", std::process::id()));
        if std::fs::write(&aside, text).is_ok() {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let _ = std::fs::set_permissions(&aside, std::fs::Permissions::from_mode(0o600));
            }
            let _ = std::fs::rename(&aside, &self.path);
        }
    }

    /// A name for a player who gave none: `BASE-xxxx`, one already saved
    /// for this server (so the same player comes back) that no other
    /// running `mancala` holds, else a new one. The file returned holds the
    /// name's lock until the process ends, so two processes started without
    /// `--name` are two players instead of one kicking the other out.
    pub fn default_name(&self, url: &str, base: &str) -> (String, Option<std::fs::File>) {
        let prefix = format!("{url} {}-", base.to_ascii_lowercase());
        let mut saved: Vec<String> = self
            .load()
            .keys()
            .filter_map(|key| {
                key.strip_prefix(&prefix)
                    .map(|suffix| format!("{base}-{suffix}"))
            })
            .collect();
        saved.sort();
        for name in saved {
            if let Some(lock) = self.lock(&name) {
                return (name, Some(lock));
            }
        }
        loop {
            let name = format!("{base}-{:04x}", rand::random::<u16>());
            if let Some(lock) = self.lock(&name) {
                return (name, Some(lock));
            }
            // Cannot lock at all (no config directory): the name alone.
            if self
                .path
                .parent()
                .is_none_or(|dir| std::fs::create_dir_all(dir).is_err())
            {
                return (name, None);
            }
        }
    }

    /// The lock of `name`, if no other process holds it.
    fn lock(&self, name: &str) -> Option<std::fs::File> {
        let dir = self.path.parent()?;
        std::fs::create_dir_all(dir).ok()?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(format!("{}.lock", name.to_ascii_lowercase())))
            .ok()?;
        file.try_lock().ok()?;
        Some(file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_processes_without_a_name_get_two_names_and_the_first_comes_back() {
        let dir = tempfile::tempdir().expect("a directory");
        let store = TokenStore {
            path: dir.path().join("tokens.json"),
        };
        let url = "ws://example/ws";
        let (first, first_lock) = store.default_name(url, "ann");
        assert!(first.starts_with("ann-") && first.len() == 8, "{first}");
        store.put(url, &first, "token-1");
        // While the first runs, a second one gets another name.
        let (second, _second_lock) = store.default_name(url, "ann");
        assert_ne!(first, second);
        // Once the first has ended, its name (and token) come back.
        drop(first_lock);
        let (again, _lock) = store.default_name(url, "ann");
        assert_eq!(again, first);
        assert_eq!(store.get(url, &again).as_deref(), Some("token-1"));
    }
}
