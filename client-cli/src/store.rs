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
}
