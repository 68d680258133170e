# Terminal istemcisinin Türkçe metinleri (en.ftl'deki her ileti burada da var).
# Komutlar, tuşlar ve ayarlar (seek, y/n, games=5) her dilde aynıdır.

## Sayılar ve birimler

players-online = { $count } oyuncu çevrimiçi
points-unit = { $shown } puan
time-untimed = süresiz
time-days = hamle başına { $days } gün
rated-suffix = , puanlı
reconnecting = bağlantı koptu; yeniden bağlanılıyor (deneme { $attempt }/{ $tries })
reconnected = yeniden bağlanıldı
error-line = hata: { $message }

## Oyun ya da maç neden bitti

game-end-side_empty = bir sıra boşaldı
game-end-no_move = hamle kalmadı
game-end-majority = bir hazine taşların yarısını geçti
game-end-repetition = konum tekrarlandı
game-end-resign = terk
game-end-forfeit = hükmen
game-end-timeout = süre bitti
game-end-draw_agreed = anlaşmalı beraberlik
game-end-claimed = rakip ayrılınca alındı
game-end-abandoned = oyuncu dönmedi
game-end-no_start = ilk hamle zamanında yapılmadı
match-end-completed = tüm oyunlar oynandı
match-end-decided = erken belli oldu
match-end-forfeit = hükmen
match-end-aborted = iptal edildi
challenge-closed-declined = reddedildi
challenge-closed-withdrawn = geri çekildi
challenge-closed-expired = süresi doldu
challenge-closed-player_left = oyuncu ayrıldı
draw-offer-declined = beraberlik teklifi reddedildi
draw-offer-lapsed = beraberlik teklifinin süresi doldu

## Satır kipi (--plain): her olay için bir satır

plain-welcome = hoş geldin { $name } (oyuncu { $id })
plain-seek-open = { $seek } numaralı ilan açık
plain-private-seek-open = { $seek } numaralı özel ilan açık: kodu paylaş { $code }
plain-pool-joined = rakip bekleniyor
plain-challenge-sent = { $challenge } numaralı davet { $name } oyuncusuna gönderildi
plain-challenge-received = { $name } oyuncusundan { $challenge } numaralı davet: { $ruleset }, { $games } oyun (yes { $challenge } / no { $challenge })
plain-challenge-closed = { $challenge } numaralı davet kapandı: { $reason }
plain-match-started = { $match_id } numaralı maç başladı: { $a } – { $b }, { $ruleset }, { $games } oyun, { $time }{ $rated }
plain-watching = { $match_id } numaralı maçı izliyorsun: { $a } – { $b }, oyun { $game }, puan { $pa }-{ $pb }; { $board }
plain-game-started = maç { $match_id }, oyun { $game }: ilk hamle { $name }
plain-move = maç { $match_id }, oyun { $game }, hamle { $ply }: { $name } { $house }. kuyuyu oynar{ $captures }{ $again }; { $board }
plain-captures = , { $seeds } taş alır
plain-moves-again = , yine oynar
plain-wins = { $name } kazanır
plain-draw = berabere
plain-drawn = berabere
plain-game-over = maç { $match_id }, oyun { $game } bitti: { $result } ({ $reason }); hazineler { $a } { $sa }, { $b } { $sb }; puanlar { $a } { $pa }, { $b } { $pb }
plain-match-over = { $match_id } numaralı maç bitti ({ $reason }): { $a } { $pa } - { $pb } { $b }, { $result }
plain-ratings = puanlar: { $a } { $ra }, { $b } { $rb }
plain-left = { $name } ayrıldı (yeri korunuyor)
plain-back = { $name } geri döndü
plain-restarted = maç { $match_id }: sunucu yeniden başladı; kapalı geçen { $paused } sn kimseden düşülmez, iki oyuncunun da dönmek için { $grace } sn'si var
plain-draw-offered = { $name } beraberlik teklif ediyor (kabul için draw, ret için no-draw)
plain-berserked = { $name } berserk yapıyor: bu maçta sürenin yarısı ve ek süre yok, arenada galibiyete bir puan fazla
plain-rematch-offered = { $name } rövanş teklif ediyor (kabul için rematch)
plain-rematch-declined = rövanş reddedildi
plain-rematch-agreed = rövanş kabul edildi: { $match_id } numaralı maç başlıyor
plain-chat-players = [oyuncular] { $name }: { $text }
plain-chat-spectators = [izleyiciler] { $name }: { $text }
plain-spectators = maç { $match_id }: { $count } izleyici
plain-your-move = sıra sende, maç { $match_id }, oyun { $game }, yarım hamle { $ply }: kuyular { $houses }
plain-tournament-created = { $tournament } numaralı turnuva açıldı: { $name }, { $rounds } tur
plain-tournament-code = özel: oyuncular şununla katılır: join { $tournament } { $code }
plain-tournament = turnuva { $tournament } ({ $name }): tur { $round }/{ $rounds }, { $players } oyuncu, lider { $leader } ({ $points })
plain-open-seeks = açık ilanlar ({ $count }):
plain-seek = { "  " }ilan { $seek }: { $name }{ $rating } teklif ediyor: { $ruleset }, { $games } oyun, { $time }{ $rated }
plain-live-matches = canlı maçlar ({ $count }):
plain-live-match = { "  " }maç { $match_id }: { $a } { $pa } - { $pb } { $b }, { $variant }, oyun { $game }/{ $games }, { $watching } izleyici

## Tam ekran lobi

lobby-title = { " " }Mangala lobisi{ " " }
lobby-signed-in = { $name } olarak girildi. { $count } oyuncu çevrimiçi.
lobby-keys = ↑↓ seç  Enter oyna/kabul et/izle  s ilan  p hızlı eşleşme  x beklemeyi bırak  c davet  y/n daveti yanıtla  : komut  q çıkış
lobby-challenge = { $name } oyuncusundan { $challenge } numaralı davet: { $ruleset }, { $games } oyun, { $time }  (y kabul, n ret)
lobby-in-pool = Rakip bekleniyor: { $variant }, { $games } oyun, { $time }  (x sıradan çıkar)
lobby-my-seek = İlanın #{ $seek }: { $variant }, { $games } oyun, { $time }, bekliyor  (x en yenisini iptal eder)
lobby-sent-challenge = { $name } oyuncusuna { $challenge } numaralı davet: yanıt bekleniyor
lobby-your-matches = Maçların (oynamak için Enter)
lobby-your-move = sıra sende
lobby-open-seeks = Açık ilanlar
lobby-tournaments = Turnuvalar (katılmak için join T, izlemek için tournament T; sıralama için mancala tournaments T)
lobby-live-matches = Canlı maçlar
lobby-none = (yok)
lobby-games = { $games } oyun
lobby-game-of = oyun { $game }/{ $games }
lobby-watching = { $count } izleyici
lobby-vs = –

## Tam ekran maç

match-keys = 1-{ $houses } ya da ←→ Enter hamle  r terk  f hükmen  d beraberlik  m rövanş  t sohbet  l lobi  : komut  q çıkış
spectator-keys = t sohbet  l lobi  : komut  q çıkış  (izliyorsun)
match-header = Maç { $match_id } · { $ruleset } · oyun { $game }/{ $games } · { $time } · { $watching } izleyici
your-store = hazinen
store-of = { $name } hazinesi
to-move = ◀ sırada
to-move-first = ◀ sırada (ilk hamle: { $seconds } sn)
away = (uzakta)
chat-title = { " " }Sohbet{ " " }
chat-spectator = (izleyici){ " " }
status-your-move = Sıra sende: kuyular { $houses }
status-to-move = Sıra { $name } oyuncusunda
status-between-games = Oyunlar arası
status-last = { " " }· son hamle: { $name } { $house }. kuyuyu oynadı{ $captures }{ $again }
status-draw-offered-to-you = { " " }· { $name } beraberlik teklif ediyor: kabul için d'ye bas ya da oynamaya devam et
status-draw-offered = { " " }· { $name } beraberlik teklif ediyor
status-you-offered-draw = { " " }· beraberlik teklif ettin
status-match-over = Maç bitti ({ $reason }): { $a } { $pa } - { $pb } { $b }, { $result }{ $rematch }
status-match-won = maçı { $name } kazandı
status-match-drawn = maç berabere bitti
status-rematch-offered-to-you = { " " }· { $name } rövanş teklif ediyor: kabul için m'ye bas
status-rematch-offered = { " " }· { $name } rövanş teklif ediyor
status-you-offered-rematch = { " " }· rövanş teklif ettin
error-status = hata: { $message }

## Tam ekran oyun sonu

result-title = { " " }Oyun bitti{ " " }
result-heading = Oyun { $game }/{ $games } bitti · maç { $match_id }
result-game-won = { $game }. oyunu { $name } kazandı
result-game-drawn = { $game }. oyun berabere
result-line = { $result } ({ $reason }) · hazineler: { $a } { $sa }, { $b } { $sb }
result-table-game = oyun
result-table-first = ilk
result-table-winner = kazanan
result-table-draw = berabere
result-points = puanlar: { $a } { $pa }, { $b } { $pb }
any-key-go-on = herhangi bir tuş: devam

## Ne oldu (durum satırı)

you = sen
told-resigned = { $who }: { $game }. oyunu terk etti
told-timeout = { $who }: { $game }. oyunda süresi bitti
told-abandoned = { $who }: { $game }. oyunu bıraktı
told-no-start = { $who }: { $game }. oyunun ilk hamlesini zamanında yapmadı
told-claimed = { $game }. oyun alındı: { $who } uzaktaydı
told-draw-agreed = { $game }. oyun anlaşmayla berabere
told-forfeited = { $who }: maçı hükmen kaybetti
told-aborted = maç iptal edildi

## Tuşlar ve sorular

hint-challenge = y daveti kabul eder, n reddeder
confirm-resign = { $game }. oyunu terk edecek misin? (y/n)
confirm-forfeit = Maçı hükmen bırakıp kalan her oyunu kaybetmek mi? (y/n)
confirm-quit = Oyunun sürerken çıkmak mı? Saatin işlemeye devam eder. (y/n)
cancelled = vazgeçildi
watching-keys = izliyorsun: t sohbet, l lobi, : komut, q çıkış
seek-cancelled = { $seek } numaralı ilan iptal edildi
left-pool = sıradan çıktın
nothing-to-cancel = iptal edilecek bir şey yok: beklemiyorsun
declined-challenge = { $challenge } numaralı daveti reddettin
no-challenge-waiting = bekleyen davet yok
connection-lost-final = bağlantı koptu: { $error } — çıkmak için q
help-title = { " " }Yardım{ " " }
help-close = herhangi bir tuş: yardımı kapat

## Komut listesi (help): komutlar gösterildiği gibi yazılır

help-commands = komutlar:
help-pool = puana göre hızlı eşleşme
help-tournaments = T numaralı turnuva
help-move = N. kuyudan dağıt (1 = en soldaki kuyun)
help-say = sohbet
help-variants = oyunlar:
help-parameters = parametreler (önce varsayılan):
help-time = süre: untimed (süresiz), M+S (3+2: 3 dakika, hamle başına 2 sn), Nd (hamle başına N gün)
help-rated = rated: maç iki oyuncunun puanını da değiştirir (yalnız süreli maçlar); değilse dostça
help-range = range=1400-1700: ilanı yalnız bu puandaki oyuncular görür (ilanın oyununda ve hızında)

## Gönderilemeyen komutlar

command-unknown = bilinmeyen komut '{ $word }' (help yaz)
command-usage = kullanım: { $usage }
command-challenge-whom = kimi davet edeceksin? challenge AD
command-not-in-match = bir maçta değilsin
command-not-playing = bir maç oynamıyorsun
command-bad-range = { $word }: range=MIN-MAX, range=MIN- ya da range=-MAX kullan

## Bağlantı ve hesap

cannot-reach = { $url } adresine ulaşılamıyor: { $reason }
refused = sunucu girişi reddetti: { $reason }
refused-request = sunucu reddetti: { $reason }
connection-lost = bağlantı koptu
name-taken = { $name } adı başka bir oyuncunun; --name ile başka bir ad seç
token-forgotten = sunucu kayıtlı belirtecini artık tanımıyor; yeniden { $name } olarak girildi
needs-name = mancala { $command } tek bir ad üzerinde çalışır: --name AD ile ver
watch-plain-needs-match = --plain ile izlenecek maçı belirt (mancala lobby listeler)
password-prompt = Parola:{ " " }
password-again = Tekrar:{ " " }
password-unread = parola okunamıyor: { $error }
password-no-terminal = parola terminalden okunamıyor ({ $error }); --password-stdin kullan
passwords-differ = iki parola farklı; hiçbir şey değişmedi
password-length = parola 8 ile 256 bayt arasıdır
no-answer = sunucu yanıt vermedi
url-no-answer = { $url } yanıt vermiyor
cannot-connect = { $url } adresine bağlanılamıyor: { $error }
server-closed = sunucu bağlantıyı kapattı
server-closed-because = sunucu bağlantıyı kapattı: { $reason }
password-set = { $name } artık parolalı: ad kalıcı olarak senin ve `mancala login --name { $name }` her cihazda giriş yapar
signed-in-saved = { $name } olarak girildi; bu cihaz artık { $name }
signed-in-unsaved = { $name } olarak girildi, ama belirteci kaydedecek yer yok

## Sıralama ve profil

speed-real_time = canlı
speed-correspondence = yazışmalı
leaderboard-title = { $variant }, { $speed }: sıralama
leaderboard-empty = { $title }: henüz kimse yok (puan oturunca listelenir: sapma 110 ya da daha az)
leaderboard-columns = sıra  ad                    puan    ±sapma oyun
profile-no-rated = henüz puanlı maç yok
profile-rating = { $variant }, { $speed }: { $rating } (±{ $deviation }, { $games } oyun)
profile-tally = { $won } galibiyet, { $drawn } beraberlik, { $lost } yenilgi
profile-games = oyunlar: { $tally }
profile-matches = maçlar: { $tally }
profile-history = puan geçmişi (eskiden yeniye):
profile-history-row = maç { $match_id } { $variant }, { $speed }: { $before } → { $after }
profile-recent = son maçlar:
profile-recent-row = maç { $match_id } { $players }  { $points }
profile-live = sürüyor

## Tournaments (mancala tournaments)

tournaments-none = Henüz turnuva yok.
tournaments-line = #{ $tournament } { $name } · { $settings } · { $stage } · tur { $round }/{ $rounds } · { $players } oyuncu
tournament-heading = { $name } (#{ $tournament }), yöneten { $director }: { $settings }; { $rounds } tur; { $stage }
tournament-columns = sıra   ad                    puan     oyun      S-B  Buchholz
tournament-withdrawn = (çekildi)
tournament-round = tur { $round }:
tournament-forfeit = { $first }-{ $second } hükmen
tournament-playing = oynanıyor
tournament-match = maç { $match_id }
tournament-bye = bay: { $name }
stage-waiting = kayıt alıyor
stage-playing = tur oynanıyor
stage-between_rounds = turlar arası
stage-over = bitti
arenas-line = #{ $tournament } { $name } · arena, { $minutes } dk · { $settings } · { $stage } · { $players } oyuncu
arena-heading = { $name } (#{ $tournament }), yöneten { $director }: { $minutes } dakikalık arena, { $settings }; { $stage }
arena-berserk-allowed = berserk serbest
arena-columns = sıra   ad                    puan    maç      her maçın puanı
arena-on-fire = (ateşte)
arena-left = (ayrıldı)
arena-matches = maçlar (oynananlar, sonra son bitenler):
arena-berserked = [B]
stage-arena-playing = sürüyor

## --help: the commands' and options' texts (cmdline-SUB, cmdline-SUB-examples,
## Motor araçları: mancala replay, analyze ve solve

diagram-house = O{ $side } kuyu
diagram-seeds = O{ $side } taş
diagram-store = O{ $side } hazine
diagram-to-move = (hamle sırası: oyuncu { $side })
diagram-over = (oyun bitti: { $reason })
replay-start = Başlangıç
replay-move = Hamle { $ply }: oyuncu { $side } { $house }. kuyuyu oynar
replay-relays = { $count } aktarma
replay-captures = { $seeds } taş alır
replay-extra-turn = yine oynar
replay-tuzdik = { $house }. kuyu (oyuncu { $owner }) oyuncu { $by } için tuzdik olur
replay-game-over = oyun bitti ({ $reason })
replay-sweep = oyuncu { $to } kalan { $seeds } taşı alır (oyuncu { $from } sırasından)
replay-result-won = Sonuç: { $first }-{ $second }, oyuncu { $side } kazanır ({ $reason })
replay-result-draw = Sonuç: { $first }-{ $second }, berabere ({ $reason })
replay-unfinished = Bitmedi: hamle sırası oyuncu { $side }
replay-no-file = oynatılacak bir oyun kaydı belirt ya da JSON Lines okumak için --jsonl kullan (bkz. --help)
replay-no-match-id = oynatılacak maçı numarasıyla belirt: mancala replay --server URL MATCH_ID
replay-bad-record = sunucunun { $game }. oyun kaydı okunamıyor: { $problem }
analyze-heading = Oyun { $game }: { $variant } ({ $ruleset }), her konum { $depth } yarım hamle derinliğinde arandı; değer, aramanın gördüğü kadarıyla hamle yapanın hazinesi eksi rakibininkidir (* sonu gördüğü yerde: kesin)
analyze-ply = hamle
analyze-side = taraf
analyze-played = oynanan
analyze-value = değer
analyze-best-move = en iyi
analyze-loss = kayıp
analyze-class = sınıf
analyze-expected = beklenen devam
analyze-best = en iyi
analyze-inaccuracy = belirsizlik
analyze-mistake = hata
analyze-blunder = büyük hata
analyze-nothing-lost = Bu derinlikte hiçbir hamle bir şey kaybetmedi.
analyze-worst-move = yarım hamle { $ply } (taraf { $side }, { $best } yerine { $played }. kuyu: { $seeds } taş)
analyze-worst = En çok kaybettiren hamleler: { $moves }.
solve-starting = { $ruleset } baştan çözülüyor
solve-starting-search = { $ruleset } baştan çözülüyor (genel arama: oyun sonu veritabanı yok)
solve-one-thread = not: { $ruleset } genel aramayla, tek iş parçacığında çözülür
solve-level = oyun sonu veritabanı: { $seeds } taşın { $level } tanesi bitti ({ $positions } konum, { $seconds } sn)
solve-built = oyun sonu veritabanı: kuyularda en çok { $seeds } taş olan her konum, { $mib } MiB, { $seconds } sn'de kuruldu
solve-read = oyun sonu veritabanı: kuyularda en çok { $seeds } taş olan her konum, { $mib } MiB, { $path } dosyasından { $seconds } sn'de okundu
solve-saved = oyun sonu veritabanı: { $path } dosyasına kaydedildi
solve-kept = oyun sonu veritabanı: sonraki çözüm için { $path } içinde saklandı
solve-not-kept = not: oyun sonu veritabanı saklanamadı: { $problem }
solve-rebuilding = not: { $problem }; yeniden kuruluyor
solve-file-problem = oyun sonu veritabanı dosyası { $path }: { $problem }
solve-progress = { $positions } konum arandı ({ $seconds } sn)
solve-first-move = { $house }. kuyu: { $value } ({ $positions } konum, { $seconds } sn)
solve-value = { $ruleset }: kusursuz oyunla { $value } (ilk oyuncunun son taşları eksi ikincininkiler); en iyi ilk hamle: { $houses }. kuyu
solve-value-only = çözüldü (başka hiçbir ilk hamle daha iyi değil)
solve-each-move = her ilk hamle
solve-move-value = { $house }. kuyu: { $value }
solve-hits = { $hits } tanesini oyun sonu veritabanı yanıtladı
solve-searched = aranan konum: { $positions }{ $hits }, { $threads } iş parçacığıyla; süre: { $seconds } sn
solve-memory = bellek: tablo { $mib } MiB ({ $entries } kayıt), { $database }
solve-no-database = oyun sonu veritabanı yok
solve-database = oyun sonu veritabanı { $mib } MiB ({ $seeds } taşa kadar)

## Kuralların ve motorun reddettikleri

complaint-at-line = satır { $line }: { $said }
complaint-house-out-of-range = { $number }. kuyu yok: kuyular 1'den { $houses }'e numaralıdır
complaint-empty-house = { $number }. kuyu boş
complaint-must-feed = { $number }. kuyu rakibin boş sırasına ulaşmıyor, rakip ise beslenmeli
complaint-grand-slam = { $number }. kuyu rakibin bütün taşlarını alırdı (büyük şlem); başka hamle varken buna izin yok
complaint-game-over = oyun zaten bitti
complaint-bad-tag = etiket [ad "değer"] biçiminde yazılır
complaint-duplicate-tag = '{ $name }' etiketi iki kez verilmiş
complaint-tag-after-moves = etiketler hamlelerden önce gelmeli
complaint-missing-variant = kayıtta [variant "..."] etiketi yok
complaint-bad-move-token = '{ $token }' bir hamle değil (hamleler 3 gibi kuyu numaralarıdır, aynı sırada virgülle birleşir: 3,6)
complaint-round-number = { $expected }. tur beklenen yerde { $found }. tur var
complaint-illegal-move = { $ply }. hamle ({ $number }. kuyu) kurallara aykırı: { $why }
complaint-turn-ends-early = { $ply }. hamle sırayı bitiriyor (ek hamle yok), sonraki hamle öbür oyuncunun: virgül değil boşluk yaz
complaint-turn-incomplete = { $ply }. hamle ek hamle veriyor, aynı oyuncu yine oynar: sonraki hamleyi virgülle birleştir
complaint-wrong-label = { $ply }. hamle { $written } yazılmış, ama { $number }. kuyu burada { $played } oynar
complaint-bad-result = '{ $value }' sonucu 27-21 gibi, bitmemiş oyun için * olarak yazılır
complaint-result-mismatch = sonuç etiketi { $declared } diyor ama hamleler { $actual } veriyor
complaint-unknown-variant = bilinmeyen tür '{ $name }' (bilinenler: mangala, kalah, oware, kalah_relay, congkak, togyz_kumalak, bestemshe)
complaint-seeds-per-house = { $variant } seeds_per_house için { $allowed } alır, { $seeds } değil
complaint-houses = kalah houses için { $allowed } alır, { $houses } değil
complaint-unknown-param = { $variant } oyununda '{ $name }' parametresi yok
complaint-not-a-param = '{ $name }' bir oyun parametresi değil
complaint-bad-value = '{ $value }', { $name } için geçerli bir değer değil
complaint-not-solvable = { $ruleset } burada çözülemez: kalah ve mangala çözülür (çözücüyle), kalah_relay ve congkak (aramayla); Oware'in tekrar kuralı çok fazla devam doğurur, Togyz Kumalak ve Bestemshe'de ise hiç tekrar kuralı yoktur, bir devam sonsuza dek dönebilir
complaint-no-endgame-here = { $ruleset } genel aramayla çözülür, o da oyun sonu veritabanı almaz
complaint-nothing-to-solve = oyun bitti: çözülecek bir şey yok
complaint-other-rules = oyun sonu veritabanı { $database } için, konum ise { $position } için
complaint-no-database = { $ruleset } için oyun sonu veritabanı yok: Kalah ve Mangala'da var
complaint-no-bounds = { $ruleset } için sınır veritabanı yok: Oware'de var
complaint-database-too-large = { $seeds } taşlık bir oyun sonu veritabanı { $needed } bayt ister, izin verilen { $limit } bayttan fazla

## Komut satırı retleri (clap), istemcinin sözleriyle

argument-error = hata: { $problem }
argument-error-value-missing = '{ $arg }' bir değer ister ama hiçbiri verilmedi
argument-error-invalid-value = '{ $arg }' için geçersiz değer: '{ $value }'
argument-error-unknown = beklenmeyen argüman: '{ $arg }'
argument-error-unknown-command = bilinmeyen komut: '{ $command }'
argument-error-missing = şu gerekli argümanlar verilmedi:
argument-error-command-missing = '{ $command }' bir komut ister ama hiçbiri verilmedi
argument-error-twice = '{ $arg }' argümanı birden çok kez kullanılamaz
argument-error-conflict = '{ $arg }' argümanı '{ $other }' ile birlikte kullanılamaz
argument-error-value-extra = '{ $arg }' için beklenmeyen değer: '{ $value }'; başka değer beklenmiyordu
argument-error-value-count = '{ $arg }' için gereken değer sayısı: { $expected }, verilen: { $given }
argument-error-no-equals = '{ $arg }' için değer eşittir işaretinden sonra verilir
argument-error-other = komut satırı okunamıyor
argument-error-not-a-number = aralıkta bir tam sayı bekleniyor
argument-error-out-of-range = { $range } aralığında olmalı
argument-error-values = olası değerler: { $values }
argument-error-commands = komutlar: { $commands }
argument-error-similar-command = benzer komutlar: '{ $similar }'
argument-error-similar-argument = benzer argümanlar: '{ $similar }'
argument-error-similar-value = benzer değerler: '{ $similar }'
argument-error-as-value = '{ $arg }' bir değer olarak verilecekse '-- { $arg }' kullan
argument-error-no-dashes = '{ $command }' komutu var; kullanmak için önündeki '--' işaretini kaldır
argument-error-under-command = '{ $command }' var
argument-error-tip = ipucu: { $tip }
argument-error-more = Daha fazla bilgi için: '--help'.

## cmdline-SUB-OPTION, else cmdline-OPTION) and clap's own words.
cmdline-usage = Kullanım:
cmdline-options = Seçenekler
cmdline-arguments = Bağımsız değişkenler
cmdline-commands = Komutlar
cmdline-flag-help = Yardımı göster
cmdline-flag-version = Sürümü göster
cmdline-command-help = Bu yardımı ya da verilen komutun yardımını göster
cmdline-command-help-command = Yardımı gösterilecek komut
cmdline-about = `mancala` uçbirim istemcisi: oyun, izleme, botlar ve tekrarlar.
cmdline-lang = Konuşulacak dil: en, tr, pl, ru ya da sl (varsayılan: yerel ayarın dili, LC_ALL, LC_MESSAGES ya da LANG'den; yoksa İngilizce)
cmdline-play = Oyna: lobi, ilanlar, hızlı eşleşme, meydan okumalar ve maçların
cmdline-play-examples =
    Örnekler:
      mancala play --name ann                 tam ekran: lobi, sonra maçların
      mancala play --plain --name ann         satır kipi; komutlar için 'help' yaz

    Tuşlar (tam ekran): lobide ↑↓ Enter bir ilanı kabul eder ya da bir maçı izlemeye açar,
    s ilan, p hızlı eşleşme, c meydan okuma, y/n meydan okumaya yanıt; maçta kuyu numarası
    (1-6, Congkak'ta 1-7) ya da ←→ Enter ile hamle, r terk, f hükmen, d beraberlik, m rövanş, t sohbet, l lobi; : herhangi bir komut; q çıkış.
cmdline-play-server = Sunucunun WebSocket adresi
cmdline-watch-server = { cmdline-play-server }
cmdline-lobby-server = { cmdline-play-server }
cmdline-bot-server = { cmdline-play-server }
cmdline-replay-server = Arşivlenmiş FILE maçını bu sunucudan tekrar oynat (http://HOST:PORT ya da ws:// adresi), her oyunu tahta tahta
cmdline-password-server = { cmdline-play-server }
cmdline-login-server = { cmdline-play-server }
cmdline-leaderboard-server = Sunucunun WebSocket adresi (ya da http:// adresi)
cmdline-tournaments-server = { cmdline-leaderboard-server }
cmdline-profile-server = { cmdline-leaderboard-server }
cmdline-play-name = Adın (1-20 harf, rakam, _ ya da -); onun için kaydedilen jeton aynı oyuncuyu geri getirir. Olmadan: kullanıcı adın ve kısa bir ek (ann-3f2a), aynı biçimde kaydedilir ve bu süreç çalıştıkça tutulur, böylece ikinci bir süreç kendi adını alır
cmdline-watch-name = { cmdline-play-name }
cmdline-lobby-name = { cmdline-play-name }
cmdline-bot-name = { cmdline-play-name }
cmdline-password-name = { cmdline-play-name }
cmdline-login-name = { cmdline-play-name }
cmdline-profile-name = Oyuncunun adı (büyük-küçük harf fark etmez)
cmdline-play-plain = Her olay için stdout'a bir satır, komutlar stdin'den (betikler ve ekran okuyucular için)
cmdline-watch-plain = Her olay için stdout'a bir satır; maç bitince biter
cmdline-no-bell = Sıra sana geçtiğinde zil çalmasın (tam ekran)
cmdline-watch = Bir maçı izle; MATCH olmadan canlı listeden seç
cmdline-watch-examples =
    Örnekler:
      mancala watch 31                        31 numaralı maçı izle
      mancala watch                           canlı maçlardan seç
      mancala watch 31 --plain                maç bitene kadar her olay için bir satır
cmdline-match-id = İzlenecek maç
cmdline-lobby = Lobiyi bir kez yazdır ve çık
cmdline-lobby-examples =
    Örnekler:
      mancala lobby
      mancala lobby --json --server ws://example.org:7878/ws
cmdline-lobby-json = Lobinin anlık görüntüsü JSON olarak
cmdline-analyze-json = Tek bir JSON dizisi: her oyun için değerleriyle hamleleri ve en kötü yarım hamleler
cmdline-solve-json = Metin yerine tek bir JSON nesnesi
cmdline-bot = Durdurulana dek hızlı eşleşmeyle ya da bir turnuvada turnuva bitene dek kendiliğinden oyna
cmdline-bot-examples =
    Örnekler:
      mancala bot --name botty
      mancala bot --level 8 --think-ms 2000   (motor tam gücünde)
      mancala bot --variant kalah --games 3 --level random
      mancala bot --matches 1   (bir maçtan sonra dur)
      mancala bot --tournament 70   (70 numaralı turnuvaya katıl, eşleşmelerini oyna, turnuva bitince dur)
cmdline-bot-variant = Oyun
cmdline-bot-tournament = Hızlı eşleşme yerine bu turnuvaya katıl ve eşleşmelerini oyna (oyun ve saat turnuvanınkidir); turnuva bitince dur
cmdline-bot-code = Özel bir turnuvanın kodu
cmdline-bot-berserk = İzin veren bir arenada her maçta berserk: sürenin yarısı, ek süre yok, galibiyete bir puan fazla
cmdline-solve-variant = Oyun: kalah, mangala, kalah_relay ya da congkak
cmdline-leaderboard-variant = Tür: mangala, kalah, oware, kalah_relay ya da congkak
cmdline-games = Maç başına oyun (1-9)
cmdline-time = Süre: untimed, DAKİKA+SANİYE (3+2) ya da GÜNd (3d)
cmdline-level = Botun oyunu: 1 (neredeyse rastgele) ile 8 (motor tam gücünde, sunucunun computer-8'i gibi) arası, random ya da greedy
cmdline-think-ms = Motorun bir hamleyi en uzun arama süresi, milisaniye (seviye 1-8)
cmdline-matches = Bu kadar maçtan sonra dur (varsayılan: hiç)
cmdline-replay = Bir oyunu tekrar oynat: her hamleden sonra tahtayı yazdır, oyunları toplu olarak JSON Lines ile denetle ya da bir sunucudan arşivlenmiş bir maçı oynat
cmdline-replay-examples =
    Örnekler:
      mancala replay game.txt
          Bir oyun kaydının her hamlesinden sonra tahtayı ve sonucu yazdır.

      mancala replay --server http://127.0.0.1:7878 31
          Arşivlenmiş 31 numaralı maçın her oyunu, tahta tahta, sunucunun arşivinden.

      echo '{"{"}"variant": "kalah", "moves": [3, 6, 1]{"}"}' | mancala replay --jsonl
          Giren her satır için çıkan bir satır: {"{"}"positions": [...], "result": ...{"}"} ya da
          ilk kuralsız hamlede {"{"}"error": {"{"}"ply": k, "code": "...", "message": "..."{"}"}{"}"}
          (ply hamleleri 1'den sayar; satırın kendisi bozuksa null).

    JSON Lines girdisi: {"{"}"variant": ID, "params": {"{"}...{"}"} (isteğe bağlı), "moves": [kuyu numaraları 1..m]{"}"}
    Türler: mangala, kalah, oware, kalah_relay, congkak. Boş satırlar atlanır.
    Hata kodları: malformed (oyun satırı değil), bad_ruleset (bilinmeyen tür ya da değişken),
    house_out_of_range, empty_house, must_feed, grand_slam, game_over.
cmdline-replay-file = Bir oyun kaydı (bkz. docs/RECORDS.md); --jsonl ile bir JSON Lines dosyası. `-` ya da --jsonl ile hiçbir şey standart girdiyi okur. --server ile: maç numarası
cmdline-jsonl = Satır başına bir oyunu JSON olarak oku ve satır başına bir JSON sonuç yaz
cmdline-analyze = Bir oyun kaydının her hamlesini motorun en iyisiyle karşılaştır: hamlenin ve en iyi hamlenin değeri, aynı derinliğe kadar aranmış (sonu gördüğü yerde kesin), ve en çok kaybettiren hamleler
cmdline-analyze-examples =
    Örnekler:
      mancala analyze records/mangala-sample.txt
      mancala analyze game.txt --depth 14 --json
      curl -s http://127.0.0.1:7878/api/matches/31/record | mancala analyze -
cmdline-analyze-file = Bir ya da daha çok oyunun kayıt dosyası (docs/RECORDS.md); `-` standart girdiyi okur
cmdline-depth = Her konumun kaç yarım hamle derinliğe aranacağı (1-254; ek hamleler sayılır)
cmdline-solve = Bir oyunu çöz: başlangıç konumunun kusursuz oyundaki değeri (ilk oyuncunun son taşları eksi ikincininki) ve her ilk hamlenin değeri, aranan konumlar, süre ve kullanılan bellekle. Kalah (her tahta, iki alma kuralı) ve Mangala oyunsonu veritabanı ve iş parçacıklarıyla çözücüyle; aktarmalı oyunlar (kalah_relay saniyeler içinde, congkak dakikalar içinde) genel aramayla, tek iş parçacığında; Oware gerekçesiyle reddedilir (tekrar kuralı yollarını fazla çoğaltır)
cmdline-solve-examples =
    Örnekler:
      mancala solve kalah --houses 4 --seeds 3      Kalah(4,3), bir anda
      mancala solve kalah                           Kalah(6,4), yayımlanmış +8
      mancala solve kalah --empty-capture           boş kuyudan almalı Kalah(6,4) (+10)
      mancala solve kalah --value-only              değer ve bir en iyi hamle, daha çabuk
      mancala solve kalah --endgame-seeds 20        bir kez daha büyük bir veritabanı kur ve sakla:
                                                    sonraki Kalah(6, n) çözümleri onu okur (15 s)
      mancala solve mangala --json
      mancala solve kalah_relay                     aktarmalı oyun, saniyeler içinde
      mancala solve congkak --table-mib 4096        Congkak, dakikalar içinde
cmdline-houses = Her sıradaki kuyu sayısı (Kalah: 1-6; varsayılan 6)
cmdline-seeds = Başlangıçta her kuyudaki taş (Kalah: 1-6; varsayılan 4)
cmdline-empty-capture = Kalah'ın boş kuyu kuralı: boş bir kuyunun karşısındaki kendi boş kuyuna düşen tek taş hazineye gider
cmdline-capture-includes-last = Aktarmalı oyunun, almanın onu yapan taşı da hazineye kattığı türü
cmdline-empty-opposite = Congkak: karşıdaki kuyu boşken kendi boş kuyuna düşen son taşın ne yaptığı (nothing ya da last_to_store; varsayılan nothing)
cmdline-table-mib = Aktarım tablosu için bellek, MiB (1-16384); varsayılan 48 taşlık tahta (Kalah(6,4), Mangala) için 1024, her iki taş eksikte yarısı, en az 16
cmdline-endgame-seeds = Kuyularda en çok bu kadar taş olan her konumun oyunsonu veritabanını kullan, önbellekten okunan ya da orada kurulup saklanan (varsayılan: bu kurallar için saklanan en büyüğü daha büyükse o, yoksa oyunun taşlarının üçte biri, en çok 16; --endgame-mib içinde; 0: yok)
cmdline-endgame-mib = Oyunsonu veritabanının kaplayabileceği en çok bellek, MiB (0-65536)
cmdline-endgame-file = Oyunsonu veritabanını varsa bu dosyadan oku (aynı kuyuları, alma kuralını ve veritabanı taşlarını tutmalı; kuyu başına taş farklı olabilir), yoksa kur ve bir sonraki çözüm için oraya kaydet
cmdline-endgame-dir = Kurulan oyunsonu veritabanlarının sonraki çözümler için saklandığı yer, tahta kuralları ve boyutu başına bir dosya (varsayılan: $MANCALA_CACHE_DIR/endgame, yoksa ~/.cache/mancala/endgame). --endgame-seeds olmadan bir çözüm, kuralları için saklanan en büyüğünü (--endgame-mib içinde) varsayılandan büyükse okur
cmdline-no-endgame-cache = Önbellek dizininde oyunsonu veritabanlarını ne oku ne sakla: veritabanını yalnız bu çözüm için kur
cmdline-value-only = Yalnız oyunun değeri ve bir en iyi hamle: diğer her ilk hamlenin yalnız daha iyi olmadığı gösterilir (sade bir çözücünün yaptığı gibi), kendi değeri verilmez
cmdline-threads = Oyunsonu veritabanını kuran ve tabloyu paylaşarak birlikte arayan iş parçacıkları (1-64; varsayılan: çekirdek başına bir)
cmdline-password = Adını bir parolayla koru: artık kalıcı olarak senindir ve `mancala login` onunla her aygıtta oturum açar
cmdline-password-examples =
    Örnekler:
      mancala password --name ann
      echo 'correct horse battery' | mancala password --name ann --password-stdin
cmdline-password-stdin = Parolayı uçbirim yerine standart girdinin bir satırından oku
cmdline-login = Adının parolasıyla bu aygıtta oturum aç; yeni jeton kaydedilir, böylece bundan sonra `mancala play --name AD` sensin
cmdline-login-examples =
    Örnekler:
      mancala login --name ann
      mancala login --name ann --password-stdin < password.txt
cmdline-leaderboard = Bir tür ve hızın en iyi yerleşmiş puanları
cmdline-leaderboard-examples =
    Örnekler:
      mancala leaderboard
      mancala leaderboard --variant kalah --speed correspondence
cmdline-speed = real_time ya da correspondence
cmdline-tournaments = Sunucunun turnuvaları, en yenisi önce; ID ile biri: sıralaması ve her turun tahtaları ve sonuçları
cmdline-tournaments-examples =
    Örnekler:
      mancala tournaments
      mancala tournaments 70
      mancala tournaments 71 --code 5f0c…

    Birine katılmak için, mancala play içinde: :join ID (ve :withdraw ID, izlemek için :tournament ID); özel bir turnuvaya: :join ID KOD.
cmdline-id = Turnuva
cmdline-tournaments-code = Özel bir turnuvanın kodu (yöneticisinde vardır)
cmdline-profile = Bir oyuncunun puanları, karnesi, puan geçmişi ve son maçları
cmdline-profile-examples =
    Örnekler:
      mancala profile ann
