//! Following one match from a seat, by the messages the server sends: whose
//! turn it is, which ply comes next, the move already chosen for it, the
//! clocks, and the positions since the last capture (Oware's repetition
//! rule). The server's computer players and `mancala bot` play through it,
//! so the two cannot disagree about when it is their move.
//!
//! A move chosen for a ply stays "in flight" until the server tells of that
//! ply (or refuses the move): any other event meanwhile (a player coming
//! back, a draw offer) still shows the follower to move, and a second
//! choice for the same ply would be refused as stale.

use crate::rules::{Board, Position, Ruleset, SinceCapture};
use crate::wire::{
    Clocks, MatchId, MatchSettings, MatchSnapshot, PlayerId, Seat, ServerMsg, TimeControl,
};

/// One match as seen from one seat.
#[derive(Clone, Debug)]
pub struct Follower {
    match_id: MatchId,
    ruleset: Ruleset,
    time_control: TimeControl,
    seat: Seat,
    /// The game being played, from 1 (0 before the first).
    game: u8,
    /// Moves played in it.
    plies: u32,
    board: Option<Board>,
    next: Option<Seat>,
    clocks: Option<Clocks>,
    since_capture: SinceCapture,
    /// The (game, ply) a move was chosen for and not yet seen played.
    in_flight: Option<(u8, u32)>,
    over: bool,
}

/// A move to choose: the follower's seat is to move at `ply` of `game`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The match.
    pub match_id: MatchId,
    /// The game, from 1.
    pub game: u8,
    /// The ply the move will be, from 1.
    pub ply: u32,
    /// The position to move from.
    pub position: Position,
    /// The positions since the last capture, the latest last (for the
    /// repetition rule; empty for rules without it).
    pub since_capture: Vec<Position>,
    /// The mover's time left, for a real-time match.
    pub clock_left_ms: Option<u64>,
}

impl Follower {
    /// A match that just started with the follower in `seat`.
    pub fn new(match_id: MatchId, settings: &MatchSettings, seat: Seat) -> Follower {
        Follower {
            match_id,
            ruleset: settings.ruleset,
            time_control: settings.time_control,
            seat,
            game: 0,
            plies: 0,
            board: None,
            next: None,
            clocks: None,
            since_capture: SinceCapture::new(),
            in_flight: None,
            over: false,
        }
    }

    /// The match of `msg` if it starts one `me` plays in (`match_started`,
    /// or a `match_snapshot` of a match he is seated in).
    pub fn starting(msg: &ServerMsg, me: PlayerId) -> Option<Follower> {
        match msg {
            ServerMsg::MatchStarted {
                match_id,
                players,
                settings,
                ..
            } => {
                let seat = Seat::from_index(players.iter().position(|p| p.id == me)?)?;
                Some(Follower::new(*match_id, settings, seat))
            }
            ServerMsg::MatchSnapshot { snapshot, .. } => Follower::from_snapshot(snapshot, me),
            _ => None,
        }
    }

    /// The match as a snapshot shows it, if `me` is seated in it.
    pub fn from_snapshot(snapshot: &MatchSnapshot, me: PlayerId) -> Option<Follower> {
        let seat = Seat::from_index(snapshot.players.iter().position(|p| p.id == me)?)?;
        let mut follower = Follower::new(snapshot.match_id, &snapshot.settings, seat);
        follower.take_snapshot(snapshot);
        Some(follower)
    }

    fn take_snapshot(&mut self, snapshot: &MatchSnapshot) {
        if let Some(game) = snapshot.games.last() {
            self.game = game.game;
            self.plies = game.moves.len() as u32;
        }
        self.board = Some(snapshot.position.clone());
        self.next = snapshot.to_move;
        self.clocks = snapshot.clocks;
        self.over = snapshot.ended.is_some();
        // The snapshot is the truth now: a move in flight was played or not.
        self.in_flight = None;
        self.saw_board();
    }

    /// The match followed.
    pub fn match_id(&self) -> MatchId {
        self.match_id
    }

    /// The follower's seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Whether the match has ended.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Take one message of the server's (those of other matches change
    /// nothing).
    pub fn heard(&mut self, msg: &ServerMsg) {
        if msg.match_id() != Some(self.match_id) {
            return;
        }
        match msg {
            ServerMsg::MatchSnapshot { snapshot, .. } => self.take_snapshot(snapshot),
            ServerMsg::GameStarted {
                game,
                first,
                position,
                clocks,
                ..
            } => {
                self.game = *game;
                self.plies = 0;
                self.board = Some(position.clone());
                self.next = Some(*first);
                self.clocks = *clocks;
                self.saw_board();
            }
            ServerMsg::MovePlayed {
                game,
                ply,
                position,
                next,
                clocks,
                ..
            } if *game == self.game => {
                self.plies = *ply;
                self.board = Some(position.clone());
                self.next = *next;
                self.clocks = *clocks;
                if self.in_flight.is_some_and(|(g, p)| (g, p) <= (*game, *ply)) {
                    self.in_flight = None;
                }
                self.saw_board();
            }
            ServerMsg::GameEnded { clocks, .. } => {
                self.next = None;
                self.clocks = *clocks;
            }
            ServerMsg::Berserked { clocks, .. } => self.clocks = *clocks,
            ServerMsg::MatchEnded { .. } => {
                self.over = true;
                self.next = None;
            }
            _ => {}
        }
    }

    /// A move the follower sent was refused: it is no longer in flight, and
    /// the next look at [`Follower::turn`] chooses again.
    pub fn refused(&mut self) {
        self.in_flight = None;
    }

    /// The connection was lost and found again: whatever was in flight is
    /// told by the catch-up, which ends in a `resumed` or a snapshot.
    pub fn reconnected(&mut self) {
        self.in_flight = None;
    }

    /// The move to choose now, if it is the follower's and none is in
    /// flight for it.
    pub fn turn(&self) -> Option<Turn> {
        if self.over || self.next != Some(self.seat) {
            return None;
        }
        let ply = self.plies + 1;
        if self.in_flight == Some((self.game, ply)) {
            return None;
        }
        let position = self.position()?;
        let clock_left_ms = match (self.time_control, &self.clocks) {
            (TimeControl::RealTime { .. }, Some(clocks)) => {
                Some(clocks.remaining_ms[self.seat.index()])
            }
            _ => None,
        };
        Some(Turn {
            match_id: self.match_id,
            game: self.game,
            ply,
            position,
            since_capture: self.since_capture.positions().to_vec(),
            clock_left_ms,
        })
    }

    /// A move is being chosen (or was sent) for `turn`: it is in flight
    /// until its ply is seen played or it is refused.
    pub fn choosing(&mut self, turn: &Turn) {
        self.in_flight = Some((turn.game, turn.ply));
    }

    /// Whether a move chosen for `turn` may still be sent: the game is at
    /// that ply and it is still the follower's move.
    pub fn still(&self, turn: &Turn) -> bool {
        !self.over
            && self.next == Some(self.seat)
            && self.game == turn.game
            && self.plies + 1 == turn.ply
    }

    /// The board as a position of the rules, if it is one.
    fn position(&self) -> Option<Position> {
        let board = self.board.as_ref()?;
        Position::from_board(self.ruleset, board, None).ok()
    }

    /// Follow the board just seen for the repetition rule.
    fn saw_board(&mut self) {
        if let Some(position) = self.position() {
            self.since_capture.reached(self.game, self.plies, position);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Variant};
    use crate::wire::PlayerRef;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn started(settings: &MatchSettings) -> ServerMsg {
        ServerMsg::MatchStarted {
            match_id: MatchId(5),
            version: 1,
            players: [1, 2].map(|id| PlayerRef {
                id: PlayerId(id),
                name: format!("p{id}"),
            }),
            settings: *settings,
            ratings: None,
            berserk: false,
            tournament_id: None,
        }
    }

    /// Game 1 of match 5 starts from `game`'s position, seat 0 first.
    fn game_started(game: &Game) -> ServerMsg {
        ServerMsg::GameStarted {
            match_id: MatchId(5),
            version: 2,
            game: 1,
            first: Seat::Zero,
            position: game.position().board(),
            legal: Vec::new(),
            clocks: None,
        }
    }

    fn move_played(game: &Game, ply: u32, first: Seat) -> ServerMsg {
        let position = game.position();
        let next = position.to_move().map(|side| Seat::of_side(side, first));
        ServerMsg::MovePlayed {
            match_id: MatchId(5),
            version: 2 + u64::from(ply),
            game: 1,
            ply,
            seat: first,
            house: 1,
            label: None,
            played_at_us: 0,
            events: Vec::new(),
            position: position.board(),
            legal: Vec::new(),
            next,
            clocks: None,
        }
    }

    /// Following an Oware game move by move: the turn comes exactly when
    /// the follower's seat is to move, at the next ply, and carries the
    /// positions since the last capture that the game itself keeps.
    #[test]
    fn the_turn_comes_at_the_right_ply_with_the_positions_since_capture() {
        let settings = MatchSettings {
            ruleset: Ruleset::default_for(Variant::Oware),
            ..MatchSettings::default()
        };
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..20 {
            let mut follower =
                Follower::starting(&started(&settings), PlayerId(2)).expect("seated");
            assert_eq!(follower.seat(), Seat::One);
            let mut game = Game::new(settings.ruleset);
            follower.heard(&game_started(&game));
            let mut ply = 0;
            while !game.is_over() {
                let mine = game
                    .position()
                    .to_move()
                    .map(|s| Seat::of_side(s, Seat::Zero))
                    == Some(Seat::One);
                let turn = follower.turn();
                assert_eq!(turn.is_some(), mine, "at ply {ply}");
                if let Some(turn) = turn {
                    assert_eq!(turn.ply, ply + 1);
                    assert_eq!(turn.position, *game.position());
                    assert_eq!(turn.since_capture, game.since_capture());
                    follower.choosing(&turn);
                    assert_eq!(follower.turn(), None, "in flight");
                    assert!(follower.still(&turn));
                }
                let legal = game.position().legal_moves();
                let mv = legal.nth(rng.random_range(0..legal.len())).expect("a move");
                game.play(mv).expect("legal");
                ply += 1;
                follower.heard(&move_played(&game, ply, Seat::Zero));
            }
            assert_eq!(follower.turn(), None, "the game is over");
        }
    }

    #[test]
    fn a_refused_move_is_chosen_again_and_other_matches_change_nothing() {
        let settings = MatchSettings::default();
        let mut follower = Follower::starting(&started(&settings), PlayerId(1)).expect("seated");
        let game = Game::new(settings.ruleset);
        follower.heard(&game_started(&game));
        let turn = follower.turn().expect("seat 0 moves first");
        follower.choosing(&turn);
        assert_eq!(follower.turn(), None);
        follower.refused();
        assert_eq!(follower.turn(), Some(turn));
        follower.heard(&ServerMsg::MatchEnded {
            match_id: MatchId(6),
            version: 9,
            reason: crate::wire::MatchEndReason::Completed,
            points: [0.0, 1.0],
            winner: Some(Seat::One),
            ratings: None,
        });
        assert!(!follower.is_over(), "another match's end");
        assert!(Follower::starting(&started(&settings), PlayerId(9)).is_none());
    }
}
