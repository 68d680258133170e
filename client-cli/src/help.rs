//! `--help` in the client's language. clap builds the help from the
//! commands' and options' doc comments, in English; each of those texts is
//! also a message (`cmdline-…` in `client-cli/i18n/LANG.ftl`, the English ones
//! equal to the doc comments: a test keeps them so), and the command is
//! given the language's before it parses. So are clap's own words (the
//! headings, `--help`, `--version`, the `help` command), and its refusals
//! of a command line ([`errors`]).
//!
//! A subcommand's text is `cmdline-SUB`, its examples `cmdline-SUB-examples`; an
//! option's is `cmdline-SUB-OPTION`, else `cmdline-OPTION` (the options several
//! commands share: `--server`, `--name`, `--json`…); the top command's are
//! `cmdline-about` and `cmdline-OPTION`.

use crate::text::Text;
use clap::{Arg, ArgAction, Command};

/// The message of each of clap's own words.
const USAGE: &str = "cmdline-usage";
const OPTIONS: &str = "cmdline-options";
const ARGUMENTS: &str = "cmdline-arguments";
const COMMANDS: &str = "cmdline-commands";
const HELP_FLAG: &str = "cmdline-flag-help";
const VERSION_FLAG: &str = "cmdline-flag-version";
const HELP_COMMAND: &str = "cmdline-command-help";
const HELP_COMMAND_ARG: &str = "cmdline-command-help-command";

/// The messages clap's own words are, beside the commands' and options'.
#[cfg(test)]
pub(crate) const OWN_WORDS: [&str; 8] = [
    USAGE,
    OPTIONS,
    ARGUMENTS,
    COMMANDS,
    HELP_FLAG,
    VERSION_FLAG,
    HELP_COMMAND,
    HELP_COMMAND_ARG,
];

/// Where a text of the command tree comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Source {
    /// The about of a (sub)command: `None` is the top one.
    About(Option<String>),
    /// A subcommand's examples.
    Examples(String),
    /// An option (or argument) of a (sub)command.
    Option(Option<String>, String),
}

impl Source {
    /// The messages that may give its text, the first found wins.
    pub(crate) fn ids(&self) -> Vec<String> {
        match self {
            Source::About(None) => vec!["cmdline-about".to_owned()],
            Source::About(Some(sub)) => vec![format!("cmdline-{sub}")],
            Source::Examples(sub) => vec![format!("cmdline-{sub}-examples")],
            Source::Option(Some(sub), option) => {
                vec![
                    format!("cmdline-{sub}-{option}"),
                    format!("cmdline-{option}"),
                ]
            }
            Source::Option(None, option) => vec![format!("cmdline-{option}")],
        }
    }
}

/// Every text of `command` (the client's, as clap derives it) with where
/// it comes from and its English words.
#[cfg(test)]
pub(crate) fn texts(command: &Command) -> Vec<(Source, String)> {
    let mut texts = Vec::new();
    collect(command, None, &mut texts);
    for sub in command.get_subcommands() {
        collect(sub, Some(sub.get_name().to_owned()), &mut texts);
    }
    texts
}

#[cfg(test)]
fn collect(command: &Command, sub: Option<String>, into: &mut Vec<(Source, String)>) {
    if let Some(about) = command.get_about() {
        into.push((Source::About(sub.clone()), about.to_string()));
    }
    if let (Some(sub), Some(examples)) = (&sub, command.get_after_help()) {
        into.push((Source::Examples(sub.clone()), examples.to_string()));
    }
    for arg in command.get_arguments() {
        // The global --lang shows in every subcommand as the top's.
        if sub.is_some() && arg.is_global_set() {
            continue;
        }
        if let Some(help) = arg.get_help() {
            let option = option_name(arg.get_id().as_str());
            into.push((Source::Option(sub.clone(), option), help.to_string()));
        }
    }
}

/// An option's name in its messages: its id as typed (`think-ms`).
fn option_name(id: &str) -> String {
    id.replace('_', "-")
}

/// The text `source` has in `text`'s language: the first of its messages
/// that English has (the others fall back to English for one they lack).
fn worded(text: &Text, source: &Source) -> Option<String> {
    source
        .ids()
        .into_iter()
        .find(|id| text.has(id))
        .map(|id| text.get(&id))
}

/// `command` (the client's) worded in `text`'s language.
pub(crate) fn localized(command: Command, text: &Text) -> Command {
    let top = localize(command, None, text);
    let subs: Vec<String> = top
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .collect();
    let mut top = subs.into_iter().fold(top, |top, name| {
        top.mut_subcommand(&name, |sub| localize(sub, Some(name.clone()), text))
    });
    // clap's own `help` command, worded: `mancala help play`.
    top = top.disable_help_subcommand(true).subcommand(
        Command::new("help")
            .about(text.get(HELP_COMMAND))
            .arg(
                Arg::new("command")
                    .value_name("COMMAND")
                    .help(text.get(HELP_COMMAND_ARG)),
            )
            .disable_help_flag(true)
            .help_template(template(text)),
    );
    top
}

/// One command's texts and clap's words in it.
fn localize(command: Command, sub: Option<String>, text: &Text) -> Command {
    let mut command = command;
    if command.get_about().is_some()
        && let Some(about) = worded(text, &Source::About(sub.clone()))
    {
        command = command.about(about);
    }
    if let Some(sub) = &sub
        && command.get_after_help().is_some()
        && let Some(examples) = worded(text, &Source::Examples(sub.clone()))
    {
        command = command.after_help(examples);
    }
    let ids: Vec<(String, bool, bool)> = command
        .get_arguments()
        .map(|arg| {
            let global = sub.is_some() && arg.is_global_set();
            (
                arg.get_id().as_str().to_owned(),
                arg.is_positional(),
                global,
            )
        })
        .collect();
    for (id, positional, global) in ids {
        let option = option_name(&id);
        let source = Source::Option(if global { None } else { sub.clone() }, option);
        let help = worded(text, &source);
        let heading = text.get(if positional { ARGUMENTS } else { OPTIONS });
        command = command.mut_arg(id, |arg| {
            let arg = arg.help_heading(heading);
            match help {
                Some(help) => arg.help(help),
                None => arg,
            }
        });
    }
    command
        .disable_help_flag(true)
        .disable_version_flag(true)
        .arg(own_flag(text, ('h', "help"), ArgAction::Help, HELP_FLAG))
        .arg(own_flag(
            text,
            ('V', "version"),
            ArgAction::Version,
            VERSION_FLAG,
        ))
        .subcommand_help_heading(text.get(COMMANDS))
        .help_template(template(text))
}

/// One of clap's own flags (`-h, --help`), worded by message `help`.
fn own_flag(
    text: &Text,
    (short, long): (char, &'static str),
    action: ArgAction,
    help: &str,
) -> Arg {
    Arg::new(long)
        .short(short)
        .long(long)
        .action(action)
        .help(text.get(help))
        .help_heading(text.get(OPTIONS))
}

/// clap's layout of a help, with the usage's heading worded.
fn template(text: &Text) -> String {
    format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
        text.get(USAGE)
    )
}

pub mod errors;

#[cfg(test)]
mod tests;
