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
plain-rematch-offered = { $name } предлагает реванш (rematch — принять)
plain-rematch-declined = реванш отклонён
plain-rematch-agreed = реванш принят: начинается матч { $match_id }
plain-chat-players = [игроки] { $name }: { $text }
plain-chat-spectators = [зрители] { $name }: { $text }
plain-spectators = матч { $match_id }: зрителей: { $count }
plain-your-move = ваш ход в матче { $match_id }, партия { $game }, полуход { $ply }: лунки { $houses }
plain-tournament-created = турнир { $tournament } создан: { $name }, туров: { $rounds }
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
