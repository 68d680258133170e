# Тексты терминального клиента по-русски (здесь есть каждое сообщение из en.ftl).
# Команды, клавиши и настройки (seek, y/n, games=5) одинаковы во всех языках.

## Числа и единицы

players-online = { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
} в сети
points-unit = { $shown } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
}
time-untimed = без часов
time-days = { $days ->
    [one] { $days } день на ход
    [few] { $days } дня на ход
   *[many] { $days } дней на ход
}
rated-suffix = , рейтинговый
reconnecting = соединение потеряно; переподключение (попытка { $attempt } из { $tries })
reconnected = соединение восстановлено
error-line = ошибка: { $message }

## Почему закончилась партия или матч

game-end-side_empty = ряд опустел
game-end-no_move = нет хода
game-end-majority = в амбаре больше половины камней
game-end-repetition = повторение позиции
game-end-resign = сдача
game-end-forfeit = неявка
game-end-timeout = время вышло
game-end-draw_agreed = ничья по согласию
game-end-claimed = засчитана после ухода соперника
game-end-abandoned = игрок не вернулся
game-end-no_start = первый ход не сделан вовремя
match-end-completed = сыграны все партии
match-end-decided = исход решён досрочно
match-end-forfeit = неявка
match-end-aborted = прерван
challenge-closed-declined = отклонён
challenge-closed-withdrawn = отозван
challenge-closed-expired = истёк
challenge-closed-player_left = игрок ушёл
draw-offer-declined = предложение ничьей отклонено
draw-offer-lapsed = предложение ничьей истекло

## Построчный режим (--plain): одна строка на событие

plain-welcome = добро пожаловать, { $name } (игрок { $id })
plain-seek-open = заявка { $seek } открыта
plain-private-seek-open = закрытая заявка { $seek } открыта: сообщите код { $code }
plain-pool-joined = ждём соперника
plain-challenge-sent = вызов { $challenge } отправлен игроку { $name }
plain-challenge-received = вызов { $challenge } от { $name }: { $ruleset }, партий: { $games } (yes { $challenge } / no { $challenge })
plain-challenge-closed = вызов { $challenge } закрыт: { $reason }
plain-match-started = матч { $match_id } начался: { $a } – { $b }, { $ruleset }, партий: { $games }, { $time }{ $rated }
plain-watching = вы смотрите матч { $match_id }: { $a } – { $b }, партия { $game }, очки { $pa }-{ $pb }; { $board }
plain-game-started = матч { $match_id }, партия { $game }: первым ходит { $name }
plain-move = матч { $match_id }, партия { $game }, ход { $ply }: { $name } играет лунку { $house }{ $captures }{ $again }; { $board }
plain-captures = , берёт { $seeds }
plain-moves-again = , ходит ещё раз
plain-wins = побеждает { $name }
plain-draw = ничья
plain-drawn = ничья
plain-game-over = матч { $match_id }, партия { $game } окончена: { $result } ({ $reason }); амбары { $a } { $sa }, { $b } { $sb }; очки { $a } { $pa }, { $b } { $pb }
plain-match-over = матч { $match_id } окончен ({ $reason }): { $a } { $pa } - { $pb } { $b }, { $result }
plain-ratings = рейтинги: { $a } { $ra }, { $b } { $rb }
plain-left = { $name } вышел (место сохранено)
plain-back = { $name } вернулся
plain-restarted = матч { $match_id }: сервер перезапущен; { $paused } с простоя не засчитываются никому, у обоих игроков { $grace } с, чтобы вернуться
plain-draw-offered = { $name } предлагает ничью (draw — принять, no-draw — отклонить)
plain-berserked = { $name } идёт в берсерк: половина времени и без добавки в этом матче, на очко больше на арене за победу
plain-rematch-offered = { $name } предлагает реванш (rematch — принять)
plain-rematch-declined = реванш отклонён
plain-rematch-agreed = реванш принят: начинается матч { $match_id }
plain-chat-players = [игроки] { $name }: { $text }
plain-chat-spectators = [зрители] { $name }: { $text }
plain-spectators = матч { $match_id }: зрителей: { $count }
plain-your-move = ваш ход в матче { $match_id }, партия { $game }, полуход { $ply }: лунки { $houses }
plain-tournament-created = турнир { $tournament } создан: { $name }, туров: { $rounds }
plain-tournament-code = закрытый: игроки входят командой: join { $tournament } { $code }
plain-tournament = турнир { $tournament } ({ $name }): тур { $round } из { $rounds }, игроков: { $players }, лидер { $leader } ({ $points })
plain-open-seeks = открытые заявки ({ $count }):
plain-seek = { "  " }заявка { $seek }: { $name }{ $rating } предлагает { $ruleset }, партий: { $games }, { $time }{ $rated }
plain-live-matches = идущие матчи ({ $count }):
plain-live-match = { "  " }матч { $match_id }: { $a } { $pa } - { $pb } { $b }, { $variant }, партия { $game } из { $games }, зрителей: { $watching }

## Лобби на весь экран

lobby-title = { " " }Лобби манкалы{ " " }
lobby-signed-in = Вы вошли как { $name }. { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
} в сети.
lobby-keys = ↑↓ выбор  Enter играть/принять/смотреть  s заявка  p быстрый подбор  x перестать ждать  c вызов  y/n ответить на вызов  : команда  q выход
lobby-challenge = Вызов { $challenge } от { $name }: { $ruleset }, партий: { $games }, { $time }  (y принять, n отклонить)
lobby-in-pool = Ждём соперника: { $variant }, партий: { $games }, { $time }  (x — выйти из очереди)
lobby-my-seek = Ваша заявка #{ $seek }: { $variant }, партий: { $games }, { $time }, ждёт  (x отменяет последнюю)
lobby-sent-challenge = Вызов { $challenge } игроку { $name }: ждёт ответа
lobby-your-matches = Ваши матчи (Enter — играть)
lobby-your-move = ваш ход
lobby-open-seeks = Открытые заявки
lobby-tournaments = Турниры (join T — записаться, tournament T — следить; mancala tournaments T — таблица)
lobby-live-matches = Идущие матчи
lobby-none = (нет)
lobby-games = партий: { $games }
lobby-game-of = партия { $game }/{ $games }
lobby-watching = зрителей: { $count }
lobby-vs = –

## Матч на весь экран

match-keys = 1-{ $houses } или ←→ Enter ход  r сдаться  f неявка  d ничья  m реванш  t чат  l лобби  : команда  q выход
spectator-keys = t чат  l лобби  : команда  q выход  (вы зритель)
match-header = Матч { $match_id } · { $ruleset } · партия { $game } из { $games } · { $time } · зрителей: { $watching }
your-store = ваш амбар
store-of = амбар: { $name }
to-move = ◀ ходит
to-move-first = ◀ ходит (первый ход: { $seconds } с)
away = (отошёл)
chat-title = { " " }Чат{ " " }
chat-spectator = (зритель){ " " }
status-your-move = Ваш ход: лунки { $houses }
status-to-move = Ходит { $name }
status-between-games = Между партиями
status-last = { " " }· последний ход: { $name } сыграл лунку { $house }{ $captures }{ $again }
status-draw-offered-to-you = { " " }· { $name } предлагает ничью: нажмите d, чтобы принять, или играйте дальше
status-draw-offered = { " " }· { $name } предлагает ничью
status-you-offered-draw = { " " }· вы предложили ничью
status-match-over = Матч окончен ({ $reason }): { $a } { $pa } - { $pb } { $b }, { $result }{ $rematch }
status-match-won = матч выиграл { $name }
status-match-drawn = матч закончился вничью
status-rematch-offered-to-you = { " " }· { $name } предлагает реванш: нажмите m, чтобы принять
status-rematch-offered = { " " }· { $name } предлагает реванш
status-you-offered-rematch = { " " }· вы предложили реванш
error-status = ошибка: { $message }

## Конец партии на весь экран

result-title = { " " }Партия окончена{ " " }
result-heading = Партия { $game } из { $games } окончена · матч { $match_id }
result-game-won = { $name } выигрывает партию { $game }
result-game-drawn = партия { $game } — ничья
result-line = { $result } ({ $reason }) · амбары: { $a } { $sa }, { $b } { $sb }
result-table-game = партия
result-table-first = первый
result-table-winner = победитель
result-table-draw = ничья
result-points = очки: { $a } { $pa }, { $b } { $pb }
any-key-go-on = любая клавиша: дальше

## Что произошло (строка состояния)

you = вы
told-resigned = { $who }: сдача в партии { $game }
told-timeout = { $who }: время вышло в партии { $game }
told-abandoned = { $who }: партия { $game } брошена
told-no-start = { $who }: первый ход партии { $game } не сделан вовремя
told-claimed = партия { $game } засчитана: { $who } отсутствовал
told-draw-agreed = партия { $game }: ничья по согласию
told-forfeited = { $who }: неявка, матч проигран
told-aborted = матч прерван

## Клавиши и вопросы

hint-challenge = y принимает вызов, n отклоняет его
confirm-resign = Сдать партию { $game }? (y/n)
confirm-forfeit = Сдать матч, проиграв все оставшиеся партии? (y/n)
confirm-quit = Выйти во время партии? Ваши часы продолжат идти. (y/n)
cancelled = отменено
watching-keys = вы зритель: t чат, l лобби, : команда, q выход
seek-cancelled = заявка { $seek } отменена
left-pool = вы вышли из очереди
nothing-to-cancel = нечего отменять: вы ничего не ждёте
declined-challenge = вы отклонили вызов { $challenge }
no-challenge-waiting = вызовов нет
connection-lost-final = соединение потеряно: { $error } — q для выхода
help-title = { " " }Справка{ " " }
help-close = любая клавиша: закрыть справку

## Список команд (help): команды вводятся так, как показано

help-commands = команды:
help-pool = быстрый подбор по рейтингу
help-tournaments = турнир T
help-move = сеять из лунки N (1 — ваша крайняя слева)
help-say = чат
help-variants = игры:
help-parameters = параметры (сначала по умолчанию):
help-time = время: untimed (без часов), M+S (3+2: 3 минуты, 2 с на ход), Nd (N дней на ход)
help-rated = rated: матч меняет рейтинги обоих (только матчи с часами); иначе товарищеский
help-range = range=1400-1700: заявку видят только игроки с таким рейтингом (в её игре и темпе)

## Введённые команды, которые нельзя отправить

command-unknown = неизвестная команда «{ $word }» (введите help)
command-usage = использование: { $usage }
command-challenge-whom = кого вызвать? challenge ИМЯ
command-not-in-match = вы не в матче
command-not-playing = вы не играете матч
command-bad-range = { $word }: используйте range=MIN-MAX, range=MIN- или range=-MAX

## Соединение и учётная запись

cannot-reach = не удаётся связаться с { $url }: { $reason }
refused = сервер отказал во входе: { $reason }
refused-request = сервер отказал: { $reason }
connection-lost = соединение потеряно
name-taken = имя { $name } занято другим игроком; выберите другое через --name
token-forgotten = сервер больше не знает ваш сохранённый токен; вы снова вошли как { $name }
needs-name = mancala { $command } работает с одним именем: укажите его через --name ИМЯ
watch-plain-needs-match = с --plain укажите матч для просмотра (их перечисляет mancala lobby)
password-prompt = Пароль:{ " " }
password-again = Ещё раз:{ " " }
password-unread = не удаётся прочитать пароль: { $error }
password-no-terminal = не удаётся прочитать пароль с терминала ({ $error }); используйте --password-stdin
passwords-differ = пароли не совпадают; ничего не изменено
password-length = пароль — от 8 до 256 байт
no-answer = сервер не ответил
url-no-answer = { $url } не отвечает
cannot-connect = не удаётся подключиться к { $url }: { $error }
server-closed = сервер закрыл соединение
server-closed-because = сервер закрыл соединение: { $reason }
password-set = у { $name } теперь есть пароль: имя ваше навсегда, а `mancala login --name { $name }` входит с любого устройства
signed-in-saved = вы вошли как { $name }; это устройство теперь { $name }
signed-in-unsaved = вы вошли как { $name }, но токен негде сохранить

## Рейтинг-лист и профиль

speed-real_time = в реальном времени
speed-correspondence = по переписке
leaderboard-title = { $variant }, { $speed }: рейтинг-лист
leaderboard-empty = { $title }: пока никого (рейтинг попадает в список, когда установлен: отклонение 110 или меньше)
leaderboard-columns = место  имя                 рейтинг  ±откл  партии
profile-no-rated = рейтинговых матчей ещё нет
profile-rating = { $variant }, { $speed }: { $rating } (±{ $deviation }, { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
})
profile-tally = побед { $won }, ничьих { $drawn }, поражений { $lost }
profile-games = партии: { $tally }
profile-matches = матчи: { $tally }
profile-history = история рейтинга (сначала старые):
profile-history-row = матч { $match_id } { $variant }, { $speed }: { $before } → { $after }
profile-recent = последние матчи:
profile-recent-row = матч { $match_id } { $players }  { $points }
profile-live = идёт

## Tournaments (mancala tournaments)

tournaments-none = Турниров пока нет.
tournaments-line = #{ $tournament } { $name } · { $settings } · { $stage } · тур { $round } из { $rounds } · игроков: { $players }
tournament-heading = { $name } (#{ $tournament }), директор { $director }: { $settings }; туров: { $rounds }; { $stage }
tournament-columns = место  имя                   очки     партии    З-Б  Бухгольц
tournament-withdrawn = (выбыл)
tournament-round = тур { $round }:
tournament-forfeit = { $first }-{ $second } неявка
tournament-playing = идёт
tournament-match = матч { $match_id }
tournament-bye = свободен: { $name }
stage-waiting = идёт запись
stage-playing = идёт тур
stage-between_rounds = между турами
stage-over = окончен
arenas-line = #{ $tournament } { $name } · арена, { $minutes } мин · { $settings } · { $stage } · игроков: { $players }
arena-heading = { $name } (#{ $tournament }), директор { $director }: арена на { $minutes } мин, { $settings }; { $stage }
arena-berserk-allowed = берсерк разрешён
arena-columns = место  имя                   очки    матчи    очки за каждый матч
arena-on-fire = (в огне)
arena-left = (ушёл)
arena-matches = матчи (идущие, затем последние законченные):
arena-berserked = [Б]
stage-arena-playing = идёт

## --help: the commands' and options' texts (cmdline-SUB, cmdline-SUB-examples,
## Инструменты движка: mancala replay, analyze и solve

diagram-house = P{ $side } лунка
diagram-seeds = P{ $side } камни
diagram-store = P{ $side } амбар
diagram-to-move = (ход игрока { $side })
diagram-over = (игра окончена: { $reason })
replay-start = Начало
replay-move = Ход { $ply }: игрок { $side } играет лунку { $house }
replay-relays = { $count ->
    [one] { $count } эстафета
    [few] { $count } эстафеты
   *[other] { $count } эстафет
}
replay-captures = взято: { $seeds }
replay-extra-turn = ещё ход
replay-tuzdik = лунка { $house } игрока { $owner } становится туздыком игрока { $by }
replay-game-over = игра окончена ({ $reason })
replay-sweep = игрок { $to } забирает оставшиеся { $seeds } из ряда игрока { $from }
replay-result-won = Итог: { $first }-{ $second }, побеждает игрок { $side } ({ $reason })
replay-result-draw = Итог: { $first }-{ $second }, ничья ({ $reason })
replay-unfinished = Не окончена: ход игрока { $side }
replay-no-file = укажите запись партии или используйте --jsonl для чтения JSON Lines (см. --help)
replay-no-match-id = укажите номер матча: mancala replay --server URL MATCH_ID
replay-bad-record = запись партии { $game } с сервера не читается: { $problem }
analyze-heading = Партия { $game }: { $variant } ({ $ruleset }), каждая позиция просчитана на { $depth } полуходов; оценка — амбар ходящего минус амбар соперника, насколько видел поиск (* где он увидел конец: точная)
analyze-ply = полуход
analyze-side = сторона
analyze-played = сыграно
analyze-value = оценка
analyze-best-move = лучший
analyze-loss = потеря
analyze-class = класс
analyze-expected = ожидаемая линия
analyze-best = лучший
analyze-inaccuracy = неточность
analyze-mistake = ошибка
analyze-blunder = грубая ошибка
analyze-nothing-lost = На этой глубине ни один ход ничего не потерял.
analyze-worst-move = полуход { $ply } (сторона { $side }, лунка { $played } вместо { $best }: { $seeds ->
    [one] { $seeds } камень
    [few] { $seeds } камня
   *[other] { $seeds } камней
})
analyze-worst = Больше всего потеряли ходы: { $moves }.
solve-starting = решение { $ruleset } с начала
solve-starting-search = решение { $ruleset } с начала (общий поиск: без базы эндшпилей)
solve-one-thread = заметка: { $ruleset } решается общим поиском, в одном потоке
solve-level = база эндшпилей: готово { $level } из { $seeds } камней (позиций: { $positions }, { $seconds } с)
solve-built = база эндшпилей: все позиции не более чем с { $seeds } камнями в лунках, { $mib } МиБ, построена за { $seconds } с
solve-read = база эндшпилей: все позиции не более чем с { $seeds } камнями в лунках, { $mib } МиБ, прочитана из { $path } за { $seconds } с
solve-saved = база эндшпилей: сохранена в { $path }
solve-kept = база эндшпилей: оставлена в { $path } для следующего решения
solve-not-kept = заметка: база эндшпилей не сохранена: { $problem }
solve-rebuilding = заметка: { $problem }; строю заново
solve-file-problem = файл базы эндшпилей { $path }: { $problem }
solve-progress = просмотрено позиций: { $positions } ({ $seconds } с)
solve-first-move = лунка { $house }: { $value } (позиций: { $positions }, { $seconds } с)
solve-value = { $ruleset }: { $value } при идеальной игре (итоговые камни первого игрока минус второго); лучший первый ход: лунка { $houses }
solve-value-only = решено (никакой другой первый ход не лучше)
solve-each-move = каждый первый ход
solve-move-value = лунка { $house }: { $value }
solve-hits = { $hits } из базы эндшпилей
solve-searched = просмотрено позиций: { $positions }{ $hits }, потоков: { $threads }; время: { $seconds } с
solve-memory = память: таблица { $mib } МиБ (записей: { $entries }), { $database }
solve-no-database = без базы эндшпилей
solve-database = база эндшпилей { $mib } МиБ (до { $seeds } камней)

## Чему отказывают правила и движок

complaint-at-line = строка { $line }: { $said }
complaint-house-out-of-range = нет лунки { $number }: лунки пронумерованы от 1 до { $houses }
complaint-empty-house = лунка { $number } пуста
complaint-must-feed = лунка { $number } не достаёт до пустого ряда соперника, а соперника нужно накормить
complaint-grand-slam = лунка { $number } забрала бы все камни соперника (большой шлем), а это нельзя, пока есть другой ход
complaint-game-over = игра уже окончена
complaint-bad-tag = тег пишется [имя "значение"]
complaint-duplicate-tag = тег '{ $name }' указан дважды
complaint-tag-after-moves = теги должны стоять перед ходами
complaint-missing-variant = в записи нет тега [variant "..."]
complaint-bad-move-token = '{ $token }' — не ход (ходы — номера лунок, например 3, внутри одного хода через запятую: 3,6)
complaint-round-number = раунд { $found }. стоит там, где ожидался раунд { $expected }.
complaint-illegal-move = ход { $ply } (лунка { $number }) недопустим: { $why }
complaint-turn-ends-early = ход { $ply } завершает очередь (без дополнительного хода), поэтому следующий ход — уже очередь другого игрока: пишите пробел, а не запятую
complaint-turn-incomplete = ход { $ply } даёт ещё ход, и тот же игрок ходит снова: присоедините следующий ход через запятую
complaint-wrong-label = ход { $ply } записан как { $written }, но лунка { $number } здесь даёт { $played }
complaint-bad-result = результат '{ $value }' пишется как 27-21 или * для неоконченной игры
complaint-result-mismatch = тег результата говорит { $declared }, а ходы дают { $actual }
complaint-unknown-variant = неизвестный вариант '{ $name }' (известны: mangala, kalah, oware, kalah_relay, congkak, togyz_kumalak, bestemshe)
complaint-seeds-per-house = { $variant } принимает seeds_per_house { $allowed }, а не { $seeds }
complaint-houses = kalah принимает houses { $allowed }, а не { $houses }
complaint-unknown-param = у { $variant } нет параметра '{ $name }'
complaint-not-a-param = '{ $name }' — не параметр игры
complaint-bad-value = '{ $value }' — недопустимое значение для { $name }
complaint-not-solvable = { $ruleset } здесь не решается: kalah и mangala решаются (решателем), kalah_relay и congkak (поиском); правило повторений Oware даёт слишком много линий, а у Togyz Kumalak и Bestemshe его нет вовсе, так что линия может ходить по кругу бесконечно
complaint-no-endgame-here = { $ruleset } решается общим поиском, который не берёт базу эндшпилей
complaint-nothing-to-solve = игра окончена: решать нечего
complaint-other-rules = база эндшпилей для { $database }, а позиция для { $position }
complaint-no-database = у { $ruleset } нет базы эндшпилей: она есть у Kalah и Mangala
complaint-no-bounds = у { $ruleset } нет базы оценок: она есть у Oware
complaint-database-too-large = базе эндшпилей до { $seeds } камней нужно { $needed } байт, больше разрешённых { $limit }

## Отказы командной строки (clap), словами клиента

argument-error = ошибка: { $problem }
argument-error-value-missing = для '{ $arg }' нужно значение, но оно не указано
argument-error-invalid-value = недопустимое значение '{ $value }' для '{ $arg }'
argument-error-unknown = неожиданный аргумент '{ $arg }'
argument-error-unknown-command = неизвестная команда '{ $command }'
argument-error-missing = не указаны обязательные аргументы:
argument-error-command-missing = '{ $command }' требует команду, но она не указана
argument-error-twice = аргумент '{ $arg }' нельзя указывать несколько раз
argument-error-conflict = аргумент '{ $arg }' нельзя использовать вместе с '{ $other }'
argument-error-value-extra = неожиданное значение '{ $value }' для '{ $arg }'; больше значений не ожидалось
argument-error-value-count = для '{ $arg }' нужно значений: { $expected }, указано: { $given }
argument-error-no-equals = значение для '{ $arg }' указывается после знака равенства
argument-error-other = командную строку не удаётся прочитать
argument-error-not-a-number = ожидается целое число в допустимых пределах
argument-error-out-of-range = должно быть в пределах { $range }
argument-error-values = возможные значения: { $values }
argument-error-commands = команды: { $commands }
argument-error-similar-command = похожие команды: '{ $similar }'
argument-error-similar-argument = похожие аргументы: '{ $similar }'
argument-error-similar-value = похожие значения: '{ $similar }'
argument-error-as-value = чтобы передать '{ $arg }' как значение, используйте '-- { $arg }'
argument-error-no-dashes = команда '{ $command }' существует; чтобы её использовать, уберите '--' перед ней
argument-error-under-command = есть '{ $command }'
argument-error-tip = подсказка: { $tip }
argument-error-more = Подробнее: '--help'.

## cmdline-SUB-OPTION, else cmdline-OPTION) and clap's own words.
cmdline-usage = Использование:
cmdline-options = Параметры
cmdline-arguments = Аргументы
cmdline-commands = Команды
cmdline-flag-help = Показать справку
cmdline-flag-version = Показать версию
cmdline-command-help = Показать эту справку или справку по указанной команде
cmdline-command-help-command = Команда, справку по которой показать
cmdline-about = Терминальный клиент `mancala`: игра, просмотр, боты и повторы.
cmdline-lang = Язык: en, tr, pl, ru или sl (по умолчанию язык локали из LC_ALL, LC_MESSAGES или LANG; иначе английский)
cmdline-play = Играть: лобби, заявки, быстрый подбор, вызовы и ваши матчи
cmdline-play-examples =
    Примеры:
      mancala play --name ann                 полный экран: лобби, затем ваши матчи
      mancala play --plain --name ann         построчный режим; введите 'help', чтобы увидеть команды

    Клавиши (полный экран): в лобби ↑↓ Enter принимают заявку или открывают матч для просмотра,
    s заявка, p быстрый подбор, c вызов, y/n ответ на вызов; в матче номер лунки
    (1-6, 1-7 в Congkak) или ←→ Enter для хода, r сдаться, f неявка, d ничья, m реванш, t чат, l лобби; : любая команда; q выход.
cmdline-play-server = Адрес WebSocket сервера
cmdline-watch-server = { cmdline-play-server }
cmdline-lobby-server = { cmdline-play-server }
cmdline-bot-server = { cmdline-play-server }
cmdline-replay-server = Воспроизвести архивный матч FILE с этого сервера (http://HOST:PORT или его адрес ws://), каждую партию доска за доской
cmdline-password-server = { cmdline-play-server }
cmdline-login-server = { cmdline-play-server }
cmdline-leaderboard-server = Адрес WebSocket сервера (или его адрес http://)
cmdline-tournaments-server = { cmdline-leaderboard-server }
cmdline-profile-server = { cmdline-leaderboard-server }
cmdline-play-name = Ваше имя (1-20 букв, цифр, _ или -); сохранённый для него токен возвращает того же игрока. Без него: ваше имя пользователя с коротким суффиксом (ann-3f2a), сохранённое так же и занятое, пока работает этот процесс, так что второй процесс получает своё имя
cmdline-watch-name = { cmdline-play-name }
cmdline-lobby-name = { cmdline-play-name }
cmdline-bot-name = { cmdline-play-name }
cmdline-password-name = { cmdline-play-name }
cmdline-login-name = { cmdline-play-name }
cmdline-profile-name = Имя игрока (регистр не важен)
cmdline-play-plain = Одна строка на событие в stdout, команды из stdin (для скриптов и экранных чтецов)
cmdline-watch-plain = Одна строка на событие в stdout; завершается вместе с матчем
cmdline-no-bell = Без звонка, когда наступает ваш ход (полный экран)
cmdline-watch = Смотреть матч; без MATCH выбрать из списка идущих
cmdline-watch-examples =
    Примеры:
      mancala watch 31                        смотреть матч 31
      mancala watch                           выбрать из идущих матчей
      mancala watch 31 --plain                одна строка на событие, до конца матча
cmdline-match-id = Матч для просмотра
cmdline-lobby = Вывести лобби один раз и выйти
cmdline-lobby-examples =
    Примеры:
      mancala lobby
      mancala lobby --json --server ws://example.org:7878/ws
cmdline-lobby-json = Снимок лобби в JSON
cmdline-analyze-json = Один массив JSON: для каждой партии её ходы с оценками и худшие полуходы
cmdline-solve-json = Один объект JSON вместо текста
cmdline-bot = Играть автоматически через быстрый подбор до остановки или в турнире до его конца
cmdline-bot-examples =
    Примеры:
      mancala bot --name botty
      mancala bot --level 8 --think-ms 2000   (движок в полную силу)
      mancala bot --variant kalah --games 3 --level random
      mancala bot --matches 1   (остановиться после одного матча)
      mancala bot --tournament 70   (записаться в турнир 70, играть его партии, остановиться по его окончании)
cmdline-bot-variant = Игра
cmdline-bot-tournament = Записаться в этот турнир и играть его партии вместо быстрого подбора (игра и контроль — турнира); остановиться, когда он закончится
cmdline-bot-code = Код закрытого турнира
cmdline-bot-berserk = На арене, где это разрешено, берсерк в каждом матче: половина времени, без добавки, на очко больше за победу
cmdline-solve-variant = Игра: kalah, mangala, kalah_relay или congkak
cmdline-leaderboard-variant = Вариант: mangala, kalah, oware, kalah_relay или congkak
cmdline-games = Партий в матче (1-9)
cmdline-time = Контроль времени: untimed, МИНУТЫ+СЕКУНДЫ (3+2) или ДНИd (3d)
cmdline-level = Как играет бот: от 1 (почти случайно) до 8 (движок в полную силу, как computer-8 сервера), random или greedy
cmdline-think-ms = Наибольшее время поиска хода движком, в миллисекундах (уровни 1-8)
cmdline-matches = Остановиться после стольких матчей (по умолчанию: никогда)
cmdline-replay = Воспроизвести партию: вывести доску после каждого хода, проверить много партий сразу в JSON Lines или воспроизвести архивный матч с сервера
cmdline-replay-examples =
    Примеры:
      mancala replay game.txt
          Вывести доску после каждого хода записи партии и результат.

      mancala replay --server http://127.0.0.1:7878 31
          Каждая партия архивного матча 31, доска за доской, из архива сервера.

      echo '{"{"}"variant": "kalah", "moves": [3, 6, 1]{"}"}' | mancala replay --jsonl
          Одна строка вывода на каждую строку ввода: {"{"}"positions": [...], "result": ...{"}"} или
    {"      {"}"error": {"{"}"ply": k, "code": "...", "message": "..."{"}"}{"}"} на первом недопустимом
          ходе (ply считает ходы с 1; null, если неверна сама строка).

    Ввод JSON Lines: {"{"}"variant": ID, "params": {"{"}...{"}"} (необязательно), "moves": [номера лунок 1..m]{"}"}
    Варианты: mangala, kalah, oware, kalah_relay, congkak. Пустые строки пропускаются.
    Коды ошибок: malformed (не строка партии), bad_ruleset (неизвестный вариант или параметр),
    house_out_of_range, empty_house, must_feed, grand_slam, game_over.
cmdline-replay-file = Запись партии (см. docs/RECORDS.md); с --jsonl файл JSON Lines. `-` или ничего с --jsonl читает стандартный ввод. С --server: номер матча
cmdline-jsonl = Читать одну партию на строку в JSON и писать один результат JSON на строку
cmdline-analyze = Разобрать каждый ход записи партии в сравнении с лучшим ходом движка: оценка хода и лучшего, найденные на той же глубине (точно, если виден конец), и ходы, потерявшие больше всего
cmdline-analyze-examples =
    Примеры:
      mancala analyze records/mangala-sample.txt
      mancala analyze game.txt --depth 14 --json
      curl -s http://127.0.0.1:7878/api/matches/31/record | mancala analyze -
cmdline-analyze-file = Файл записи партии (docs/RECORDS.md), одной или нескольких; `-` читает стандартный ввод
cmdline-depth = На сколько полуходов ищется каждая позиция (1-254; дополнительные ходы считаются)
cmdline-solve = Решить игру: оценка начальной позиции при идеальной игре (итоговые камни первого игрока минус второго) и каждого первого хода, с числом просмотренных позиций, временем и использованной памятью. Kalah (любая доска, оба правила взятия) и Mangala решаются солвером с базой эндшпилей и потоками; эстафетные игры (kalah_relay за секунды, congkak за минуты) общим поиском в одном потоке; Oware отклоняется с объяснением (правило повторения даёт слишком много вариантов)
cmdline-solve-examples =
    Примеры:
      mancala solve kalah --houses 4 --seeds 3      Kalah(4,3), за мгновение
      mancala solve kalah                           Kalah(6,4), опубликованные +8
      mancala solve kalah --empty-capture           Kalah(6,4) со взятием из пустой лунки (+10)
      mancala solve kalah --value-only              оценка и один лучший ход, быстрее
      mancala solve kalah --endgame-seeds 20        один раз построить и сохранить большую базу:
                                                    последующие решения Kalah(6, n) читают её (15 с)
      mancala solve mangala --json
      mancala solve kalah_relay                     эстафетная игра, за секунды
      mancala solve congkak --table-mib 4096        Congkak, за минуты
cmdline-houses = Лунок в каждом ряду (Kalah: 1-6; по умолчанию 6)
cmdline-seeds = Камней в каждой лунке в начале (Kalah: 1-6; по умолчанию 4)
cmdline-empty-capture = Правило взятия из пустой лунки в Kalah: одинокий камень в своей пустой лунке напротив пустой лунки идёт в калах
cmdline-capture-includes-last = Вариант эстафетной игры, где взятие забирает и камень, сделавший его
cmdline-empty-opposite = Congkak: что делает последний камень в своей пустой лунке, когда лунка напротив пуста (nothing или last_to_store; по умолчанию nothing)
cmdline-table-mib = Память таблицы транспозиций, в МиБ (1-16384); по умолчанию 1024 для доски из 48 камней (Kalah(6,4), Mangala), вдвое меньше на каждые два камня меньше, не менее 16
cmdline-endgame-seeds = Использовать базу эндшпилей из всех позиций не более чем с этим числом камней в лунках, прочитанную из кэша или построенную и сохранённую там (по умолчанию: наибольшая сохранённая для этих правил, если она больше, иначе треть камней игры, не более 16; в пределах --endgame-mib; 0: без базы)
cmdline-endgame-mib = Наибольшая память, которую может занять база эндшпилей, в МиБ (0-65536)
cmdline-endgame-file = Читать базу эндшпилей из этого файла, если он есть (в нём должны быть те же лунки, правило взятия и число камней базы; камни в лунке могут отличаться), иначе построить её и сохранить туда для следующего решения
cmdline-endgame-dir = Где хранятся построенные базы эндшпилей для следующих решений, один файл на правила и размер доски (по умолчанию: $MANCALA_CACHE_DIR/endgame, иначе ~/.cache/mancala/endgame). Без --endgame-seeds решение читает наибольшую сохранённую для своих правил (в пределах --endgame-mib), если она больше обычной
cmdline-no-endgame-cache = Не читать и не сохранять базы эндшпилей в каталоге кэша: построить базу только для этого решения
cmdline-value-only = Только оценка игры и один лучший ход: про каждый другой первый ход лишь показано, что он не лучше (как в простом солвере), без его собственной оценки
cmdline-threads = Потоки, строящие базу эндшпилей и ищущие вместе с общей таблицей (1-64; по умолчанию: по одному на ядро)
cmdline-password = Защитить имя паролем: тогда оно ваше навсегда, а `mancala login` входит с ним на любом устройстве
cmdline-password-examples =
    Примеры:
      mancala password --name ann
      echo 'correct horse battery' | mancala password --name ann --password-stdin
cmdline-password-stdin = Читать пароль из одной строки стандартного ввода вместо терминала
cmdline-login = Войти паролем своего имени на этом устройстве; новый токен сохраняется, так что `mancala play --name ИМЯ` отныне вы
cmdline-login-examples =
    Примеры:
      mancala login --name ann
      mancala login --name ann --password-stdin < password.txt
cmdline-leaderboard = Лучшие установившиеся рейтинги одного варианта и темпа
cmdline-leaderboard-examples =
    Примеры:
      mancala leaderboard
      mancala leaderboard --variant kalah --speed correspondence
cmdline-speed = real_time или correspondence
cmdline-tournaments = Турниры сервера, начиная с новейшего; с ID один из них: таблица, доски и результаты каждого тура
cmdline-tournaments-examples =
    Примеры:
      mancala tournaments
      mancala tournaments 70
      mancala tournaments 71 --code 5f0c…

    Чтобы записаться, в mancala play: :join ID (а также :withdraw ID, :tournament ID, чтобы следить за ним); в закрытый: :join ID КОД.
cmdline-id = Турнир
cmdline-tournaments-code = Код закрытого турнира (он есть у директора)
cmdline-profile = Рейтинги игрока, результаты, история рейтинга и последние матчи
cmdline-profile-examples =
    Примеры:
      mancala profile ann
