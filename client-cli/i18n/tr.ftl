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
plain-rematch-offered = { $name } rövanş teklif ediyor (kabul için rematch)
plain-rematch-declined = rövanş reddedildi
plain-rematch-agreed = rövanş kabul edildi: { $match_id } numaralı maç başlıyor
plain-chat-players = [oyuncular] { $name }: { $text }
plain-chat-spectators = [izleyiciler] { $name }: { $text }
plain-spectators = maç { $match_id }: { $count } izleyici
plain-your-move = sıra sende, maç { $match_id }, oyun { $game }, yarım hamle { $ply }: kuyular { $houses }
plain-tournament-created = { $tournament } numaralı turnuva açıldı: { $name }, { $rounds } tur
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
