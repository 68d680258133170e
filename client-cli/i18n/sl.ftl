# Besedila terminalskega odjemalca v slovenščini (vsako sporočilo iz en.ftl je tudi tu).
# Ukazi, tipke in nastavitve (seek, y/n, games=5) so v vseh jezikih enaki.

## Števila in enote

players-online = { $count ->
    [one] { $count } igralec
    [two] { $count } igralca
    [few] { $count } igralci
   *[other] { $count } igralcev
} na spletu
points-unit = { $shown } { $points ->
    [one] točka
    [two] točki
    [few] točke
   *[other] točk
}
time-untimed = brez ure
time-days = { $days ->
    [one] { $days } dan na potezo
    [two] { $days } dneva na potezo
    [few] { $days } dnevi na potezo
   *[other] { $days } dni na potezo
}
rated-suffix = , za rating
reconnecting = povezava prekinjena; ponovno povezovanje (poskus { $attempt } od { $tries })
reconnected = povezava obnovljena
error-line = napaka: { $message }

## Zakaj se je igra ali dvoboj končal

game-end-side_empty = vrsta se je izpraznila
game-end-no_move = ni več poteze
game-end-majority = shramba je presegla polovico semen
game-end-repetition = pozicija se je ponovila
game-end-resign = predaja
game-end-forfeit = brez boja
game-end-timeout = čas je potekel
game-end-draw_agreed = remi po dogovoru
game-end-claimed = prevzeta, ko je nasprotnik odšel
game-end-abandoned = igralec se ni vrnil
game-end-no_start = prva poteza ni bila odigrana pravočasno
match-end-completed = odigrane vse igre
match-end-decided = odločen predčasno
match-end-forfeit = brez boja
match-end-aborted = prekinjen
challenge-closed-declined = zavrnjen
challenge-closed-withdrawn = umaknjen
challenge-closed-expired = potekel
challenge-closed-player_left = igralec je odšel
draw-offer-declined = ponudba remija zavrnjena
draw-offer-lapsed = ponudba remija je potekla

## Vrstični način (--plain): ena vrstica na dogodek

plain-welcome = dobrodošli, { $name } (igralec { $id })
plain-seek-open = ponudba { $seek } odprta
plain-private-seek-open = zasebna ponudba { $seek } odprta: deli kodo { $code }
plain-pool-joined = čakanje na nasprotnika
plain-challenge-sent = izziv { $challenge } poslan igralcu { $name }
plain-challenge-received = izziv { $challenge } od { $name }: { $ruleset }, iger: { $games } (yes { $challenge } / no { $challenge })
plain-challenge-closed = izziv { $challenge } zaprt: { $reason }
plain-match-started = dvoboj { $match_id } se je začel: { $a } – { $b }, { $ruleset }, iger: { $games }, { $time }{ $rated }
plain-watching = gledate dvoboj { $match_id }: { $a } – { $b }, igra { $game }, točke { $pa }-{ $pb }; { $board }
plain-game-started = dvoboj { $match_id }, igra { $game }: začne { $name }
plain-move = dvoboj { $match_id }, igra { $game }, poteza { $ply }: { $name } igra jamico { $house }{ $captures }{ $again }; { $board }
plain-captures = , zajame { $seeds }
plain-moves-again = , igra znova
plain-wins = zmaga { $name }
plain-draw = remi
plain-drawn = remi
plain-game-over = dvoboj { $match_id }, igra { $game } končana: { $result } ({ $reason }); shrambe { $a } { $sa }, { $b } { $sb }; točke { $a } { $pa }, { $b } { $pb }
plain-match-over = dvoboj { $match_id } končan ({ $reason }): { $a } { $pa } - { $pb } { $b }, { $result }
plain-ratings = ratingi: { $a } { $ra }, { $b } { $rb }
plain-left = { $name } je odšel (mesto ostaja)
plain-back = { $name } je spet tu
plain-restarted = dvoboj { $match_id }: strežnik se je znova zagnal; { $paused } s izpada ne šteje nikomur, oba igralca imata { $grace } s za vrnitev
plain-draw-offered = { $name } ponuja remi (draw sprejme, no-draw zavrne)
plain-rematch-offered = { $name } ponuja revanšo (rematch sprejme)
plain-rematch-declined = revanša zavrnjena
plain-rematch-agreed = revanša sprejeta: začne se dvoboj { $match_id }
plain-chat-players = [igralci] { $name }: { $text }
plain-chat-spectators = [gledalci] { $name }: { $text }
plain-spectators = dvoboj { $match_id }: gledalcev: { $count }
plain-your-move = vaša poteza v dvoboju { $match_id }, igra { $game }, polpoteza { $ply }: jamice { $houses }
plain-tournament-created = turnir { $tournament } ustvarjen: { $name }, krogov: { $rounds }
plain-tournament = turnir { $tournament } ({ $name }): krog { $round } od { $rounds }, igralcev: { $players }, vodi { $leader } ({ $points })
plain-open-seeks = odprte ponudbe ({ $count }):
plain-seek = { "  " }ponudba { $seek }: { $name }{ $rating } ponuja { $ruleset }, iger: { $games }, { $time }{ $rated }
plain-live-matches = dvoboji v živo ({ $count }):
plain-live-match = { "  " }dvoboj { $match_id }: { $a } { $pa } - { $pb } { $b }, { $variant }, igra { $game } od { $games }, gledalcev: { $watching }

## Preddverje na celem zaslonu

lobby-title = { " " }Preddverje mankale{ " " }
lobby-signed-in = Prijavljeni kot { $name }. { $count ->
    [one] { $count } igralec
    [two] { $count } igralca
    [few] { $count } igralci
   *[other] { $count } igralcev
} na spletu.
lobby-keys = ↑↓ izbira  Enter igraj/sprejmi/glej  s ponudba  p hitro združevanje  x nehaj čakati  c izziv  y/n odgovori na izziv  : ukaz  q izhod
lobby-challenge = Izziv { $challenge } od { $name }: { $ruleset }, iger: { $games }, { $time }  (y sprejmi, n zavrni)
lobby-in-pool = Čakanje na nasprotnika: { $variant }, iger: { $games }, { $time }  (x zapusti čakalnico)
lobby-my-seek = Vaša ponudba #{ $seek }: { $variant }, iger: { $games }, { $time }, čaka  (x prekliče najnovejšo)
lobby-sent-challenge = Izziv { $challenge } igralcu { $name }: čaka na odgovor
lobby-your-matches = Vaši dvoboji (Enter za igro)
lobby-your-move = vaša poteza
lobby-open-seeks = Odprte ponudbe
lobby-live-matches = Dvoboji v živo
lobby-none = (nič)
lobby-games = iger: { $games }
lobby-game-of = igra { $game }/{ $games }
lobby-watching = gledalcev: { $count }
lobby-vs = –

## Dvoboj na celem zaslonu

match-keys = 1-{ $houses } ali ←→ Enter poteza  r predaja  f brez boja  d remi  m revanša  t klepet  l preddverje  : ukaz  q izhod
spectator-keys = t klepet  l preddverje  : ukaz  q izhod  (gledate)
match-header = Dvoboj { $match_id } · { $ruleset } · igra { $game } od { $games } · { $time } · gledalcev: { $watching }
your-store = vaša shramba
store-of = shramba: { $name }
to-move = ◀ na potezi
to-move-first = ◀ na potezi (prva poteza: { $seconds } s)
away = (odsoten)
chat-title = { " " }Klepet{ " " }
chat-spectator = (gledalec){ " " }
status-your-move = Vaša poteza: jamice { $houses }
status-to-move = Na potezi: { $name }
status-between-games = Med igrami
status-last = { " " }· zadnja: { $name } je igral jamico { $house }{ $captures }{ $again }
status-draw-offered-to-you = { " " }· { $name } ponuja remi: pritisnite d za sprejem ali igrajte naprej
status-draw-offered = { " " }· { $name } ponuja remi
status-you-offered-draw = { " " }· ponudili ste remi
status-match-over = Dvoboj končan ({ $reason }): { $a } { $pa } - { $pb } { $b }, { $result }{ $rematch }
status-match-won = dvoboj je dobil { $name }
status-match-drawn = dvoboj je neodločen
status-rematch-offered-to-you = { " " }· { $name } ponuja revanšo: pritisnite m za sprejem
status-rematch-offered = { " " }· { $name } ponuja revanšo
status-you-offered-rematch = { " " }· ponudili ste revanšo
error-status = napaka: { $message }

## Konec igre na celem zaslonu

result-title = { " " }Konec igre{ " " }
result-heading = Igra { $game } od { $games } je končana · dvoboj { $match_id }
result-game-won = { $name } dobi igro { $game }
result-game-drawn = igra { $game } je neodločena
result-line = { $result } ({ $reason }) · shrambe: { $a } { $sa }, { $b } { $sb }
result-table-game = igra
result-table-first = začne
result-table-winner = zmagovalec
result-table-draw = remi
result-points = točke: { $a } { $pa }, { $b } { $pb }
any-key-go-on = katera koli tipka: naprej

## Kaj se je zgodilo (vrstica stanja)

you = vi
told-resigned = { $who }: predaja igre { $game }
told-timeout = { $who }: čas je potekel v igri { $game }
told-abandoned = { $who }: zapuščena igra { $game }
told-no-start = { $who }: prva poteza igre { $game } ni bila pravočasna
told-claimed = igra { $game } prevzeta, ker je bil { $who } odsoten
told-draw-agreed = igra { $game }: remi po dogovoru
told-forfeited = { $who }: dvoboj predan brez boja
told-aborted = dvoboj je bil prekinjen

## Tipke in vprašanja

hint-challenge = y sprejme izziv, n ga zavrne
confirm-resign = Predate igro { $game }? (y/n)
confirm-forfeit = Predate dvoboj in izgubite vse preostale igre? (y/n)
confirm-quit = Izhod med igro? Vaša ura teče naprej. (y/n)
cancelled = preklicano
watching-keys = gledate: t klepet, l preddverje, : ukaz, q izhod
seek-cancelled = ponudba { $seek } preklicana
left-pool = zapustili ste čakalnico
nothing-to-cancel = ničesar ni za preklic: ne čakate
declined-challenge = zavrnili ste izziv { $challenge }
no-challenge-waiting = noben izziv ne čaka
connection-lost-final = povezava prekinjena: { $error } — q za izhod
help-title = { " " }Pomoč{ " " }
help-close = katera koli tipka: zapri pomoč

## Seznam ukazov (help): ukaze vnesete, kot so prikazani

help-commands = ukazi:
help-pool = hitro združevanje po ratingu
help-tournaments = turnir T
help-move = sejte iz jamice N (1 = vaša skrajno leva)
help-say = klepet
help-variants = igre:
help-parameters = parametri (najprej privzeti):
help-time = čas: untimed (brez ure), M+S (3+2: 3 minute, 2 s na potezo), Nd (N dni na potezo)
help-rated = rated: dvoboj spremeni ratinga obeh (samo dvoboji z uro); sicer prijateljski
help-range = range=1400-1700: ponudbo vidijo le igralci s takim ratingom (v njeni igri in tempu)

## Vneseni ukazi, ki jih ni mogoče poslati

command-unknown = neznan ukaz »{ $word }« (vnesite help)
command-usage = uporaba: { $usage }
command-challenge-whom = koga izzvati? challenge IME
command-not-in-match = niste v dvoboju
command-not-playing = ne igrate dvoboja
command-bad-range = { $word }: uporabite range=MIN-MAX, range=MIN- ali range=-MAX

## Povezava in račun

cannot-reach = { $url } ni dosegljiv: { $reason }
refused = strežnik je zavrnil prijavo: { $reason }
connection-lost = povezava prekinjena
name-taken = ime { $name } pripada drugemu igralcu; izberite drugo z --name
token-forgotten = strežnik ne pozna več vašega shranjenega žetona; znova ste prijavljeni kot { $name }
needs-name = mancala { $command } deluje na enem imenu: podajte ga z --name IME
watch-plain-needs-match = z --plain navedite dvoboj za gledanje (mancala lobby jih našteje)
password-prompt = Geslo:{ " " }
password-again = Še enkrat:{ " " }
password-unread = gesla ni mogoče prebrati: { $error }
password-no-terminal = gesla ni mogoče prebrati s terminala ({ $error }); uporabite --password-stdin
passwords-differ = gesli se razlikujeta; nič ni spremenjeno
password-length = geslo ima od 8 do 256 bajtov
no-answer = strežnik ni odgovoril
url-no-answer = { $url } ne odgovarja
cannot-connect = povezava z { $url } ni mogoča: { $error }
server-closed = strežnik je zaprl povezavo
password-set = { $name } ima zdaj geslo: ime je za vedno vaše, `mancala login --name { $name }` pa prijavi na kateri koli napravi
signed-in-saved = prijavljeni kot { $name }; ta naprava je odslej { $name }
signed-in-unsaved = prijavljeni kot { $name }, a žetona ni kam shraniti

## Lestvica in profil

speed-real_time = v živo
speed-correspondence = dopisno
leaderboard-title = { $variant }, { $speed }: lestvica
leaderboard-empty = { $title }: še nihče (rating je na lestvici, ko je ustaljen: odklon 110 ali manj)
leaderboard-columns = mesto  ime                   rating  ±odkl  igre
profile-no-rated = še noben dvoboj za rating
profile-rating = { $variant }, { $speed }: { $rating } (±{ $deviation }, { $games ->
    [one] { $games } igra
    [two] { $games } igri
    [few] { $games } igre
   *[other] { $games } iger
})
profile-tally = zmage { $won }, remiji { $drawn }, porazi { $lost }
profile-games = igre: { $tally }
profile-matches = dvoboji: { $tally }
profile-history = zgodovina ratinga (najprej najstarejši):
profile-history-row = dvoboj { $match_id } { $variant }, { $speed }: { $before } → { $after }
profile-recent = zadnji dvoboji:
profile-recent-row = dvoboj { $match_id } { $players }  { $points }
profile-live = v teku

## Tournaments (mancala tournaments)

tournaments-none = Turnirjev še ni.
tournaments-line = #{ $tournament } { $name } · { $settings } · { $stage } · krog { $round } od { $rounds } · igralcev: { $players }
tournament-heading = { $name } (#{ $tournament }), vodja { $director }: { $settings }; krogov: { $rounds }; { $stage }
tournament-columns = mesto  ime                   točke    igre      S-B  Buchholz
tournament-withdrawn = (izstopil)
tournament-round = krog { $round }:
tournament-forfeit = { $first }-{ $second } brez boja
tournament-playing = poteka
tournament-match = dvoboj { $match_id }
tournament-bye = prost: { $name }
stage-waiting = prijave
stage-playing = krog poteka
stage-between_rounds = med krogoma
stage-over = končan
