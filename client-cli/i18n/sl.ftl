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
plain-berserked = { $name } gre v berserk: pol časa in brez dodatka v tem dvoboju, točka več v areni za zmago
plain-rematch-offered = { $name } ponuja revanšo (rematch sprejme)
plain-rematch-declined = revanša zavrnjena
plain-rematch-agreed = revanša sprejeta: začne se dvoboj { $match_id }
plain-chat-players = [igralci] { $name }: { $text }
plain-chat-spectators = [gledalci] { $name }: { $text }
plain-spectators = dvoboj { $match_id }: gledalcev: { $count }
plain-your-move = vaša poteza v dvoboju { $match_id }, igra { $game }, polpoteza { $ply }: jamice { $houses }
plain-tournament-created = turnir { $tournament } ustvarjen: { $name }, krogov: { $rounds }
plain-tournament-code = zaseben: igralci se pridružijo z: join { $tournament } { $code }
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
lobby-tournaments = Turnirji (join T za prijavo, tournament T za spremljanje; mancala tournaments T za lestvico)
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
refused-request = strežnik je zavrnil: { $reason }
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
server-closed-because = strežnik je zaprl povezavo: { $reason }
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
arenas-line = #{ $tournament } { $name } · arena, { $minutes } min · { $settings } · { $stage } · igralcev: { $players }
arena-heading = { $name } (#{ $tournament }), vodja { $director }: arena { $minutes } minut, { $settings }; { $stage }
arena-berserk-allowed = berserk dovoljen
arena-columns = mesto  ime                   točke   dvoboji  točke vsakega dvoboja
arena-on-fire = (v ognju)
arena-left = (odšel)
arena-matches = dvoboji (ki se igrajo, nato zadnji končani):
arena-berserked = [B]
stage-arena-playing = poteka

## --help: the commands' and options' texts (cmdline-SUB, cmdline-SUB-examples,
## Orodja pogona: mancala replay, analyze in solve

diagram-house = P{ $side } jamica
diagram-seeds = P{ $side } semena
diagram-store = P{ $side } shramba
diagram-to-move = (na potezi je igralec { $side })
diagram-over = (konec igre: { $reason })
replay-start = Začetek
replay-move = Poteza { $ply }: igralec { $side } igra jamico { $house }
replay-relays = { $count ->
    [one] { $count } štafeta
    [two] { $count } štafeti
    [few] { $count } štafete
   *[other] { $count } štafet
}
replay-captures = zajame { $seeds }
replay-extra-turn = dodatna poteza
replay-tuzdik = jamica { $house } igralca { $owner } postane tuzdik igralca { $by }
replay-game-over = konec igre ({ $reason })
replay-sweep = igralec { $to } vzame preostalih { $seeds } iz vrste igralca { $from }
replay-result-won = Izid: { $first }-{ $second }, zmaga igralec { $side } ({ $reason })
replay-result-draw = Izid: { $first }-{ $second }, neodločeno ({ $reason })
replay-unfinished = Nedokončana: na potezi je igralec { $side }
replay-no-file = navedite zapis igre ali uporabite --jsonl za branje JSON Lines (glejte --help)
replay-no-match-id = navedite številko dvoboja: mancala replay --server URL MATCH_ID
replay-bad-record = strežnikovega zapisa igre { $game } ni mogoče prebrati: { $problem }
analyze-heading = Igra { $game }: { $variant } ({ $ruleset }), vsak položaj preiskan { $depth } polpotez globoko; vrednost je shramba igralca na potezi manj nasprotnikova, kolikor je iskanje videlo (* kjer je videlo konec: natančna)
analyze-ply = polpoteza
analyze-side = stran
analyze-played = odigrano
analyze-value = vrednost
analyze-best-move = najboljša
analyze-loss = izguba
analyze-class = ocena
analyze-expected = pričakovana linija
analyze-best = najboljša
analyze-inaccuracy = nenatančnost
analyze-mistake = napaka
analyze-blunder = huda napaka
analyze-nothing-lost = Na tej globini ni nobena poteza ničesar izgubila.
analyze-worst-move = polpoteza { $ply } (stran { $side }, jamica { $played } namesto { $best }: { $seeds ->
    [one] { $seeds } seme
    [two] { $seeds } semeni
    [few] { $seeds } semena
   *[other] { $seeds } semen
})
analyze-worst = Največ so izgubile poteze: { $moves }.
solve-starting = reševanje { $ruleset } od začetka
solve-starting-search = reševanje { $ruleset } od začetka (splošno iskanje: brez baze končnic)
solve-one-thread = opomba: { $ruleset } reši splošno iskanje, v eni niti
solve-level = baza končnic: narejenih { $level } od { $seeds } semen (položajev: { $positions }, { $seconds } s)
solve-built = baza končnic: vsi položaji z največ { $seeds } semeni v jamicah, { $mib } MiB, zgrajena v { $seconds } s
solve-read = baza končnic: vsi položaji z največ { $seeds } semeni v jamicah, { $mib } MiB, prebrana iz { $path } v { $seconds } s
solve-saved = baza končnic: shranjena v { $path }
solve-kept = baza končnic: ohranjena v { $path } za naslednje reševanje
solve-not-kept = opomba: baza končnic ni bila ohranjena: { $problem }
solve-rebuilding = opomba: { $problem }; gradim jo znova
solve-file-problem = datoteka baze končnic { $path }: { $problem }
solve-progress = preiskanih položajev: { $positions } ({ $seconds } s)
solve-first-move = jamica { $house }: { $value } (položajev: { $positions }, { $seconds } s)
solve-value = { $ruleset }: { $value } ob popolni igri (končna semena prvega igralca manj drugega); najboljša prva poteza: jamica { $houses }
solve-value-only = rešeno (nobena druga prva poteza ni boljša)
solve-each-move = vsaka prva poteza
solve-move-value = jamica { $house }: { $value }
solve-hits = { $hits } iz baze končnic
solve-searched = preiskanih položajev: { $positions }{ $hits }, niti: { $threads }; čas: { $seconds } s
solve-memory = pomnilnik: tabela { $mib } MiB (vnosov: { $entries }), { $database }
solve-no-database = brez baze končnic
solve-database = baza končnic { $mib } MiB (do { $seeds } semen)

## Kaj zavrnejo pravila in pogon

complaint-at-line = vrstica { $line }: { $said }
complaint-house-out-of-range = jamice { $number } ni: jamice so oštevilčene od 1 do { $houses }
complaint-empty-house = jamica { $number } je prazna
complaint-must-feed = jamica { $number } ne seže do nasprotnikove prazne vrste, nasprotnika pa je treba nahraniti
complaint-grand-slam = jamica { $number } bi zajela vsa nasprotnikova semena (veliki slam), kar ni dovoljeno, dokler obstaja druga poteza
complaint-game-over = igra je že končana
complaint-bad-tag = oznaka se zapiše [ime "vrednost"]
complaint-duplicate-tag = oznaka '{ $name }' je podana dvakrat
complaint-tag-after-moves = oznake morajo biti pred potezami
complaint-missing-variant = zapis nima oznake [variant "..."]
complaint-bad-move-token = '{ $token }' ni poteza (poteze so številke jamic, npr. 3, znotraj enega poteka povezane z vejico: 3,6)
complaint-round-number = krog { $found }. stoji tam, kjer je bil pričakovan krog { $expected }.
complaint-illegal-move = poteza { $ply } (jamica { $number }) ni dovoljena: { $why }
complaint-turn-ends-early = poteza { $ply } konča potek (brez dodatne poteze), zato naslednja poteza pripada drugemu igralcu: napišite presledek, ne vejice
complaint-turn-incomplete = poteza { $ply } da dodatno potezo, zato isti igralec igra znova: naslednjo potezo povežite z vejico
complaint-wrong-label = poteza { $ply } je zapisana kot { $written }, jamica { $number } pa tu igra { $played }
complaint-bad-result = izid '{ $value }' se zapiše kot 27-21 ali * za nedokončano igro
complaint-result-mismatch = oznaka izida pravi { $declared }, poteze pa dajo { $actual }
complaint-unknown-variant = neznana različica '{ $name }' (znane: mangala, kalah, oware, kalah_relay, congkak, togyz_kumalak, bestemshe)
complaint-seeds-per-house = { $variant } sprejme seeds_per_house { $allowed }, ne { $seeds }
complaint-houses = kalah sprejme houses { $allowed }, ne { $houses }
complaint-unknown-param = { $variant } nima parametra '{ $name }'
complaint-not-a-param = '{ $name }' ni parameter igre
complaint-bad-value = '{ $value }' ni veljavna vrednost za { $name }
complaint-not-solvable = { $ruleset } tu ni rešljiva: kalah in mangala sta (z reševalnikom), kalah_relay in congkak (z iskanjem); pravilo ponavljanja pri Oware da preveč linij, Togyz Kumalak in Bestemshe pa ga sploh nimata, zato lahko linija kroži v nedogled
complaint-no-endgame-here = { $ruleset } reši splošno iskanje, ki ne sprejme baze končnic
complaint-nothing-to-solve = igra je končana: ni česa reševati
complaint-other-rules = baza končnic je za { $database }, položaj za { $position }
complaint-no-database = { $ruleset } nima baze končnic: imata jo Kalah in Mangala
complaint-no-bounds = { $ruleset } nima baze mej: ima jo Oware
complaint-database-too-large = baza končnic do { $seeds } semen potrebuje { $needed } bajtov, več od dovoljenih { $limit }

## Zavrnitve ukazne vrstice (clap), z besedami odjemalca

argument-error = napaka: { $problem }
argument-error-value-missing = '{ $arg }' potrebuje vrednost, a nobena ni podana
argument-error-invalid-value = neveljavna vrednost '{ $value }' za '{ $arg }'
argument-error-unknown = nepričakovan argument '{ $arg }'
argument-error-unknown-command = neznan ukaz '{ $command }'
argument-error-missing = naslednji obvezni argumenti niso podani:
argument-error-command-missing = '{ $command }' potrebuje ukaz, a noben ni podan
argument-error-twice = argumenta '{ $arg }' ni mogoče uporabiti večkrat
argument-error-conflict = argumenta '{ $arg }' ni mogoče uporabiti skupaj z '{ $other }'
argument-error-value-extra = nepričakovana vrednost '{ $value }' za '{ $arg }'; več jih ni bilo pričakovanih
argument-error-value-count = '{ $arg }' potrebuje vrednosti: { $expected }, podanih: { $given }
argument-error-no-equals = vrednost za '{ $arg }' se poda za enačajem
argument-error-other = ukazne vrstice ni mogoče prebrati
argument-error-not-a-number = pričakovano je celo število v dovoljenem obsegu
argument-error-out-of-range = biti mora v { $range }
argument-error-values = možne vrednosti: { $values }
argument-error-commands = ukazi: { $commands }
argument-error-similar-command = podobni ukazi: '{ $similar }'
argument-error-similar-argument = podobni argumenti: '{ $similar }'
argument-error-similar-value = podobne vrednosti: '{ $similar }'
argument-error-as-value = če želite '{ $arg }' podati kot vrednost, uporabite '-- { $arg }'
argument-error-no-dashes = ukaz '{ $command }' obstaja; za uporabo odstranite '--' pred njim
argument-error-under-command = obstaja '{ $command }'
argument-error-tip = namig: { $tip }
argument-error-more = Več informacij: '--help'.

## cmdline-SUB-OPTION, else cmdline-OPTION) and clap's own words.
cmdline-usage = Uporaba:
cmdline-options = Možnosti
cmdline-arguments = Argumenti
cmdline-commands = Ukazi
cmdline-flag-help = Pokaži pomoč
cmdline-flag-version = Pokaži različico
cmdline-command-help = Pokaži to pomoč ali pomoč danega ukaza
cmdline-command-help-command = Ukaz, katerega pomoč naj pokaže
cmdline-about = Terminalski odjemalec `mancala`: igra, gledanje, roboti in ponovitve.
cmdline-lang = Jezik: en, tr, pl, ru ali sl (privzeto jezik področnih nastavitev iz LC_ALL, LC_MESSAGES ali LANG; sicer angleščina)
cmdline-play = Igraj: preddverje, ponudbe, hitro združevanje, izzivi in tvoje partije
cmdline-play-examples =
    Primeri:
      mancala play --name ann                 cel zaslon: preddverje, nato tvoje partije
      mancala play --plain --name ann         vrstični način; vpiši 'help' za ukaze

    Tipke (cel zaslon): v preddverju ↑↓ Enter sprejme ponudbo ali odpre partijo za gledanje,
    s ponudba, p hitro združevanje, c izziv, y/n odgovor na izziv; v partiji številka jamice
    (1-6, 1-7 v Congkak) ali ←→ Enter za potezo, r predaja, f neudeležba, d remi, m revanša, t klepet, l preddverje; : kateri koli ukaz; q izhod.
cmdline-play-server = Naslov WebSocket strežnika
cmdline-watch-server = { cmdline-play-server }
cmdline-lobby-server = { cmdline-play-server }
cmdline-bot-server = { cmdline-play-server }
cmdline-replay-server = Ponovi arhivirano partijo FILE s tega strežnika (http://HOST:PORT ali njegov naslov ws://), vsako igro ploščo za ploščo
cmdline-password-server = { cmdline-play-server }
cmdline-login-server = { cmdline-play-server }
cmdline-leaderboard-server = Naslov WebSocket strežnika (ali njegov naslov http://)
cmdline-tournaments-server = { cmdline-leaderboard-server }
cmdline-profile-server = { cmdline-leaderboard-server }
cmdline-play-name = Tvoje ime (1-20 črk, števk, _ ali -); žeton, shranjen zanj, vrne istega igralca. Brez njega: tvoje uporabniško ime s kratko pripono (ann-3f2a), shranjeno enako in zasedeno, dokler teče ta proces, tako da drugi proces dobi svoje ime
cmdline-watch-name = { cmdline-play-name }
cmdline-lobby-name = { cmdline-play-name }
cmdline-bot-name = { cmdline-play-name }
cmdline-password-name = { cmdline-play-name }
cmdline-login-name = { cmdline-play-name }
cmdline-profile-name = Ime igralca (velike ali male črke)
cmdline-play-plain = Ena vrstica na dogodek na stdout, ukazi s stdin (za skripte in bralnike zaslona)
cmdline-watch-plain = Ena vrstica na dogodek na stdout; konča se s partijo
cmdline-no-bell = Brez zvonca, ko si na potezi (cel zaslon)
cmdline-watch = Glej partijo; brez MATCH izberi s seznama tekočih
cmdline-watch-examples =
    Primeri:
      mancala watch 31                        glej partijo 31
      mancala watch                           izberi med tekočimi partijami
      mancala watch 31 --plain                ena vrstica na dogodek, do konca partije
cmdline-match-id = Partija za gledanje
cmdline-lobby = Enkrat izpiši preddverje in končaj
cmdline-lobby-examples =
    Primeri:
      mancala lobby
      mancala lobby --json --server ws://example.org:7878/ws
cmdline-lobby-json = Posnetek preddverja kot JSON
cmdline-analyze-json = Ena tabela JSON: za vsako igro njene poteze z vrednostmi in najslabše polpoteze
cmdline-solve-json = En predmet JSON namesto besedila
cmdline-bot = Igraj samodejno prek hitrega združevanja do ustavitve ali na turnirju do njegovega konca
cmdline-bot-examples =
    Primeri:
      mancala bot --name botty
      mancala bot --level 8 --think-ms 2000   (pogon s polno močjo)
      mancala bot --variant kalah --games 3 --level random
      mancala bot --matches 1   (ustavi se po eni partiji)
      mancala bot --tournament 70   (prijava na turnir 70, igranje njegovih dvobojev, konec ob njegovem koncu)
cmdline-bot-variant = Igra
cmdline-bot-tournament = Prijavi se na ta turnir in igraj njegove dvoboje namesto hitrega združevanja (igra in ura sta turnirjeva); končaj, ko se konča
cmdline-bot-code = Koda zasebnega turnirja
cmdline-bot-berserk = V areni, ki to dovoli, berserk v vsakem dvoboju: pol časa, brez dodatka, točka več za zmago
cmdline-solve-variant = Igra: kalah, mangala, kalah_relay ali congkak
cmdline-leaderboard-variant = Različica: mangala, kalah, oware, kalah_relay ali congkak
cmdline-games = Iger v partiji (1-9)
cmdline-time = Tempo: untimed, MINUTE+SEKUNDE (3+2) ali DNId (3d)
cmdline-level = Kako igra robot: od 1 (skoraj naključno) do 8 (pogon s polno močjo, kot computer-8 strežnika), random ali greedy
cmdline-think-ms = Najdaljši čas, ko pogon išče potezo, v milisekundah (stopnje 1-8)
cmdline-matches = Ustavi se po toliko partijah (privzeto: nikoli)
cmdline-replay = Ponovi igro: izpiši ploščo po vsaki potezi, preveri več iger hkrati kot JSON Lines ali ponovi arhivirano partijo s strežnika
cmdline-replay-examples =
    Primeri:
      mancala replay game.txt
          Izpiši ploščo po vsaki potezi zapisa igre in izid.

      mancala replay --server http://127.0.0.1:7878 31
          Vsaka igra arhivirane partije 31, plošča za ploščo, iz arhiva strežnika.

      echo '{"{"}"variant": "kalah", "moves": [3, 6, 1]{"}"}' | mancala replay --jsonl
          Ena vrstica izhoda za vsako vrstico vhoda: {"{"}"positions": [...], "result": ...{"}"} ali
    {"      {"}"error": {"{"}"ply": k, "code": "...", "message": "..."{"}"}{"}"} pri prvi nedovoljeni
          potezi (ply šteje poteze od 1; null, ko je napačna že vrstica).

    Vhod JSON Lines: {"{"}"variant": ID, "params": {"{"}...{"}"} (neobvezno), "moves": [številke jamic 1..m]{"}"}
    Različice: mangala, kalah, oware, kalah_relay, congkak. Prazne vrstice se preskočijo.
    Kode napak: malformed (ni vrstica igre), bad_ruleset (neznana različica ali parameter),
    house_out_of_range, empty_house, must_feed, grand_slam, game_over.
cmdline-replay-file = Zapis igre (glej docs/RECORDS.md); z --jsonl datoteka JSON Lines. `-` ali nič z --jsonl bere standardni vhod. S --server: številka partije
cmdline-jsonl = Beri eno igro na vrstico kot JSON in piši en izid JSON na vrstico
cmdline-analyze = Preglej vsako potezo zapisa igre glede na najboljšo potezo pogona: vrednost poteze in najboljše, preiskani do iste globine (natančno, kjer vidi konec), in poteze, ki so izgubile največ
cmdline-analyze-examples =
    Primeri:
      mancala analyze records/mangala-sample.txt
      mancala analyze game.txt --depth 14 --json
      curl -s http://127.0.0.1:7878/api/matches/31/record | mancala analyze -
cmdline-analyze-file = Datoteka z zapisom igre (docs/RECORDS.md), ene ali več; `-` bere standardni vhod
cmdline-depth = Koliko polpotez globoko se preišče vsak položaj (1-254; dodatne poteze štejejo)
cmdline-solve = Reši igro: vrednost začetnega položaja ob popolni igri (končna semena prvega igralca manj drugega) in vsake prve poteze, s preiskanimi položaji, časom in porabljenim pomnilnikom. Kalah (vsaka plošča, obe pravili jemanja) in Mangala z reševalnikom z bazo končnic in nitmi; štafetni igri (kalah_relay v sekundah, congkak v minutah) s splošnim iskanjem v eni niti; Oware je zavrnjen z razlago (pravilo ponavljanja da preveč poti)
cmdline-solve-examples =
    Primeri:
      mancala solve kalah --houses 4 --seeds 3      Kalah(4,3), v hipu
      mancala solve kalah                           Kalah(6,4), objavljenih +8
      mancala solve kalah --empty-capture           Kalah(6,4) z jemanjem iz prazne jamice (+10)
      mancala solve kalah --value-only              vrednost in ena najboljša poteza, hitreje
      mancala solve kalah --endgame-seeds 20        enkrat zgradi in shrani večjo bazo:
                                                    poznejše rešitve Kalah(6, n) jo berejo (15 s)
      mancala solve mangala --json
      mancala solve kalah_relay                     štafetna igra, v sekundah
      mancala solve congkak --table-mib 4096        Congkak, v minutah
cmdline-houses = Jamice v vsaki vrsti (Kalah: 1-6; privzeto 6)
cmdline-seeds = Semena v vsaki jamici na začetku (Kalah: 1-6; privzeto 4)
cmdline-empty-capture = Pravilo prazne jamice v Kalah: samotno seme v lastni prazni jamici nasproti prazne jamice gre v shrambo
cmdline-capture-includes-last = Različica štafetne igre, v kateri jemanje vzame tudi seme, ki ga je naredilo
cmdline-empty-opposite = Congkak: kaj naredi zadnje seme v lastni prazni jamici, ko je nasprotna jamica prazna (nothing ali last_to_store; privzeto nothing)
cmdline-table-mib = Pomnilnik za transpozicijsko tabelo, v MiB (1-16384); privzeto 1024 za ploščo z 48 semeni (Kalah(6,4), Mangala), pol manj za vsaki dve semeni manj, najmanj 16
cmdline-endgame-seeds = Uporabi bazo končnic z vsemi položaji z največ toliko semeni v jamicah, prebrano iz predpomnilnika ali tam zgrajeno in shranjeno (privzeto: največja shranjena za ta pravila, če je večja, sicer tretjina semen igre, največ 16; v mejah --endgame-mib; 0: brez)
cmdline-endgame-mib = Največ pomnilnika, ki ga sme zasesti baza končnic, v MiB (0-65536)
cmdline-endgame-file = Beri bazo končnic iz te datoteke, če obstaja (imeti mora iste jamice, pravilo jemanja in semena baze; semena v jamici so lahko drugačna), sicer jo zgradi in shrani tja za naslednjo rešitev
cmdline-endgame-dir = Kje se hranijo zgrajene baze končnic za poznejše rešitve, ena datoteka na pravila in velikost plošče (privzeto: $MANCALA_CACHE_DIR/endgame, sicer ~/.cache/mancala/endgame). Brez --endgame-seeds rešitev prebere največjo shranjeno za svoja pravila (v mejah --endgame-mib), če je večja od privzete
cmdline-no-endgame-cache = Ne beri in ne shranjuj baz končnic v mapi predpomnilnika: bazo zgradi samo za to rešitev
cmdline-value-only = Samo vrednost igre in ena najboljša poteza: za vsako drugo prvo potezo je le pokazano, da ni boljša (kot pri preprostem reševalniku), brez lastne vrednosti
cmdline-threads = Niti, ki gradijo bazo končnic in iščejo skupaj ter si delijo tabelo (1-64; privzeto: ena na jedro)
cmdline-password = Zaščiti svoje ime z geslom: tedaj je za vedno tvoje, `mancala login` pa se z njim prijavi na kateri koli napravi
cmdline-password-examples =
    Primeri:
      mancala password --name ann
      echo 'correct horse battery' | mancala password --name ann --password-stdin
cmdline-password-stdin = Beri geslo iz ene vrstice standardnega vhoda namesto iz terminala
cmdline-login = Prijavi se z geslom svojega imena na tej napravi; novi žeton se shrani, tako da si odslej `mancala play --name IME` ti
cmdline-login-examples =
    Primeri:
      mancala login --name ann
      mancala login --name ann --password-stdin < password.txt
cmdline-leaderboard = Najboljši ustaljeni rejtingi ene različice in tempa
cmdline-leaderboard-examples =
    Primeri:
      mancala leaderboard
      mancala leaderboard --variant kalah --speed correspondence
cmdline-speed = real_time ali correspondence
cmdline-tournaments = Turnirji strežnika, najnovejši najprej; z ID eden od njih: lestvica ter plošče in izidi vsakega kroga
cmdline-tournaments-examples =
    Primeri:
      mancala tournaments
      mancala tournaments 70
      mancala tournaments 71 --code 5f0c…

    Za prijavo v mancala play: :join ID (in :withdraw ID, :tournament ID, da ga spremljaš); v zasebnega: :join ID KODA.
cmdline-id = Turnir
cmdline-tournaments-code = Koda zasebnega turnirja (ima jo direktor)
cmdline-profile = Rejtingi igralca, izkupiček, zgodovina rejtinga in zadnje partije
cmdline-profile-examples =
    Primeri:
      mancala profile ann
