/**
 * A gloss of instructions written in another language into plain English clauses, so the same
 * rules read them (used by _decoders_more.ts). Not a translator: it maps the handful of phrases an
 * injected instruction is built from (who is addressed, "do not tell the user", "if the user
 * asks, say", "from now on", "before calling this tool", read / send / put into a field, and the
 * secrets and places named) in Chinese, Japanese, German, Spanish, French, Portuguese, Italian and
 * Russian, and leaves every other word as it is. A description that only says what the tool does
 * glosses to text no rule hits.
 */

/** [pattern, English] in order: clauses first, then single words. */
const PHRASES: [RegExp, string][] = [
  // "If the user asks ..., say that ..." (a scripted answer): the question and the answer verb
  // are glossed apart, so what is asked about stays between them.
  [
    /(?:如果|若|假如)?(?:用户|使用者)(?:问起|问到|询问|问)|ユーザー(?:が|に)[^。\n]{0,30}?(?:聞かれたら|尋ねられたら|質問されたら|聞いたら|尋ねたら)|\b(?:wenn|falls)\s+(?:der|die)?\s*(?:nutzer|benutzer|anwender)\w*\s+(?:fragt|nachfragt)|\bsi\s+(?:el\s+)?usuario\s+(?:te\s+)?pregunta|\bs[i']\s*l'utilisateur\s+(?:te\s+|vous\s+)?demande|(?:если|когда)\s+пользовател\S*\s+спрос\S*/gi,
    " If the user asks ",
  ],
  [
    /就说|就回答|回答说|と答えて|と言って|\b(?:sag|antworte|erkläre)\w*,?\s+(?:dass|es)\b|\b(?:dile|responde|contesta)\s+que\b|\b(?:dis|réponds|répondez)\s*(?:-lui\s+)?qu[e']|(?:отвечай|ответь|скажи|говори)\S*,?\s*что/gi,
    ", answer that ",
  ],
  [/ничего|\bnichts\b|\bnada\b|\brien\b|什么都没有|何も/gi, " nothing "],
  // Kept from the user.
  [
    /(?:不要|别|勿|切勿|请勿|不得|绝不|绝对不要|永远不要|不可)[^。，,.\n]{0,8}?(?:告诉|告知|提及|提到|提起|透露|说明)(?:[^。，,.\n]{0,4}?(?:用户|使用者))?|(?:不要|别|请勿|切勿)?向(?:用户|使用者)(?:隐瞒|提及|透露)|(?:不让|别让|不要让)(?:用户|使用者)知道/g,
    " Do not tell the user about this. ",
  ],
  [
    /ユーザー(?:には|に)[^。\n]{0,8}?(?:言わない|知らせない|伝えない|教えない|話さない|明かさない|見せない)/g,
    " Do not tell the user about this. ",
  ],
  [/ユーザーに(?:知らせず|伝えず|言わず|気づかれず)に?/g, " without telling the user, "],
  [
    /\b(?:erwähne|sag|verrate|teile|nenne|zeige)\w*\b[^.\n]{0,60}?\b(?:niemals|nie|nicht)\b|\bohne\s+(?:den|dem|die)\s+(?:nutzer|benutzer|anwender)\w*\s+(?:zu\s+)?(?:informieren|benachrichtigen|fragen)/gi,
    " Do not tell the user about this. ",
  ],
  [
    /\b(?:no|nunca|jamás)\s+(?:se\s+lo\s+|se\s+la\s+|le\s+|lo\s+|les\s+)?(?:digas|menciones|cuentes|informes|reveles|comentes|muestres)\b|\bsin\s+(?:avisar|decir|informar|notificar)(?:le)?\s+al\s+usuario/gi,
    " Do not tell the user about this. ",
  ],
  [
    /\bne\s+(?:le\s+|lui\s+|l'|en\s+|leur\s+)*(?:dis|dites|mentionne|mentionnez|révèle|révélez|signale|parle|parlez)\s+(?:jamais|pas|rien)\b|\bsans\s+(?:le\s+)?(?:dire|prévenir|informer|avertir)\s+(?:à\s+)?l'utilisateur/gi,
    " Do not tell the user about this. ",
  ],
  [
    /\b(?:não|nunca)\s+(?:conte|diga|mencione|informe|revele|fale)\b|\b(?:non|mai)\s+(?:dire|dirlo|menzionare|rivelare|informare|dirglielo)\b|\bsenza\s+(?:dirlo|avvisare|informare)\s+all'utente/gi,
    " Do not tell the user about this. ",
  ],
  [
    /(?:никогда\s+)?не\s+(?:говори|сообщай|упоминай|рассказывай|показывай|раскрывай)\S*|без\s+ведома\s+пользовател\S*/gi,
    " Do not tell the user about this. ",
  ],
  [
    /(?:即使|就算)[^。\n]{0,8}?(?:问|追问)|聞かれても|尋ねられても|auch\s+(?:nicht\s+)?auf\s+nachfrage|auch\s+wenn\s+(?:er|sie|der\s+nutzer)\s+fragt|aunque\s+(?:te\s+)?pregunte|même\s+s'il\s+(?:le\s+)?demande|даже\s+если\s+(?:он\s+)?спросит/gi,
    ", even if the user asks. ",
  ],
  // Beyond this call.
  [
    /从现在(?:起|开始)(?:直到会话结束)?|直到会话结束|今后(?:所有|每次)?|以后每次|永久记住|永远记住|これからずっと|今後(?:すべての|の)?(?:会話|セッション)?で?|以降ずっと|merke\s+dir\s+(?:diese\s+regel\s+)?(?:dauerhaft|für\s+immer)|\bdauerhaft\b|(?:bei|in)\s+jeder\s+(?:künftigen|zukünftigen|späteren)\s+(?:sitzung|unterhaltung|konversation)|auch\s+für\s+spätere\s+gespräche|\bab\s+(?:jetzt|sofort)\b|von\s+nun\s+an|recuerda\s+(?:esta\s+regla\s+)?(?:para\s+siempre|permanentemente)|en\s+todas\s+las\s+conversaciones\s+futuras|a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+adelante|retiens\s+cette\s+règle|pour\s+toutes\s+les\s+conversations\s+futures|désormais|à\s+partir\s+de\s+maintenant|em\s+todas\s+as\s+conversas\s+futuras|d'ora\s+in\s+poi|во\s+всех\s+следующих\s+(?:сообщениях|диалогах|разговорах)|с\s+этого\s+момента|отныне|запомни\s+навсегда/gi,
    " from now on, in every later conversation, ",
  ],
  // Who is addressed, and when.
  [
    /(?:助手|アシスタント|ＡＩ|AI)(?:须知|注意|への指示|へ|向け)[:：]?|\bhinweis\s+für\s+den\s+assistenten\b|\bnota\s+para\s+el\s+asistente\b|\bnote\s+(?:pour|à)\s+l'assistant\b|\bnota\s+para\s+o\s+assistente\b|\bnota\s+per\s+l'assistente\b|заметка\s+для\s+ассистента|ассистенту(?![а-яё])/gi,
    " Note to the assistant: ",
  ],
  [
    /(?:每次)?调用(?:此|本|这个)工具(?:之前|前)|(?:每次)?使用(?:此|本)工具(?:之前|前)|この(?:道具|ツール)を(?:使う|呼び出す)前に|vor\s+(?:jedem|dem)\s+aufruf(?:\s+dieses\s+(?:werkzeugs|tools))?|antes\s+de\s+(?:llamar|usar)\s+(?:a\s+)?esta\s+herramienta|avant\s+d'(?:appeler|utiliser)\s+cet\s+outil|перед\s+(?:каждым\s+)?вызовом(?:\s+этого\s+инструмента)?/gi,
    " before calling this tool, ",
  ],
  [
    /antes\s+de\s+responder|avant\s+de\s+répondre|bevor\s+du\s+antwortest|прежде\s+чем\s+ответить|回答之前|返信する前に/gi,
    " before replying, ",
  ],
  [
    /每轮对话后|每次回复后|nach\s+jeder\s+antwort|после\s+каждого\s+ответа/gi,
    " after every reply, ",
  ],
  // Another tool's call: "when you use the tool X", "to every command", "show only the original".
  [
    /\b(?:wenn|falls)\s+du\s+(?:das\s+)?(?:tool|werkzeug)|\bcuando\s+(?:uses|llames\s+a)\s+la\s+herramienta|\bquand\s+tu\s+utilises\s+l'outil|\bquando\s+usar\s+a\s+ferramenta|когда\s+(?:ты\s+)?(?:используешь|вызываешь)\s+инструмент|当你(?:使用|调用)|ツール(?:を使う|を呼び出す)(?:とき|時)/gi,
    " When you use the tool ",
  ],
  [
    /\ban\s+jeden\s+befehl|\ba\s+cada\s+comando|\bà\s+chaque\s+commande|\bk\s+каждой\s+команде|每个命令|すべてのコマンド/gi,
    " to every command ",
  ],
  [/\bhänge\b|\bañade\b|\bajoute\b|\banexe\b|добавь|附加|追加して/gi, " append "],
  [
    /\b(?:zeige|muestra|montre|mostre)\b[^.\n]{0,30}?\b(?:nur|solo|sólo|seulement|apenas)\b|показывай\s+только|只(?:显示|展示)|だけを?見せ/gi,
    " show the user only ",
  ],
  [/\burspr[üu]nglich\w*|\boriginal(?:e|es)?\b|原始|元の|исходн\S*/gi, " original "],
  [/\bbefehl\w*|\bcomando\b|\bcommande\b|命令|コマンド|команд\S*/gi, " command "],
  // What is done, to what, and where.
  [
    /读取|读出|読み取って|読み取り|読んで|\blies\b|\blese\b|\blee\b|\blis\b|\blisez\b|\bleia\b|\bleggi\b|прочитай|прочти|считай/gi,
    " read ",
  ],
  [
    /发送|发给|寄给|上传|送信して|送って|アップロード|\bschick\w*|\bsende\b|\bsenden\b|\benvía\b|\benvia\b|\benvoie\b|\benvoyer\b|\benviar\b|\binvia\b|отправ\S*|перешли\S*/gi,
    " send ",
  ],
  [
    /放进|放入|写入|填入|填进|加入|に入れて|入れて|\beinfügen\b|\beintragen\b|передай\S*|помести\S*|\bcopia\b|\bcopie\b|\bcopiez\b/gi,
    " put ",
  ],
  [
    /(?:全部|完整)?内容|\binhalt\w*|\bcontenido\b|\bcontenu\b|\bconteúdo\b|\bcontenuto\b|содержимое/gi,
    " the contents ",
  ],
  [
    /字段|参数|パラメータ|フィールド|\bfeld\b|\bcampo\b|\bchamp\b|\bparamètre\b|\bparámetro\b|(?<![а-яё])пол[ея](?![а-яё])|параметр\S*/gi,
    " field ",
  ],
  [
    /(?:完整)?(?:对话|会话|聊天记录)|会話(?:の内容)?|\bgespräch\w*|\bchatverlauf\b|\bconversación\b|\bconversas?\b|\bconversazione\b|истори\S*\s+чата|переписк\S*|диалог\S*/gi,
    " the conversation ",
  ],
  [
    /私钥|秘密鍵|\bprivater?\s+schlüssel\b|\bclave\s+privada\b|\bclé\s+privée\b|\bchave\s+privada\b|закрыт\S*\s+ключ\S*/gi,
    " private key ",
  ],
  [
    /API\s*(?:密钥|キー|-?schlüssel)|\bclaves?\s+API\b|\bclés?\s+API\b|\bchaves?\s+(?:de\s+)?API\b|ключ\S*\s+API/gi,
    " API keys ",
  ],
  [
    /密码|パスワード|\bpasswort\w*|\bkennwort\w*|\bcontraseñas?\b|\bmots?\s+de\s+passe\b|\bsenhas?\b|парол\S*/gi,
    " password ",
  ],
  [/令牌|トークン|токен\S*/gi, " token "],
  [
    /凭据|凭证|認証情報|\bzugangsdaten\b|\bcredenciales\b|\bidentifiants\b|учётн\S*\s+данн\S*/gi,
    " credentials ",
  ],
  [
    /номер\S*\s+карт\S*|卡号|カード番号|\bkartennummer\b|\bnúmero\s+de\s+(?:la\s+)?tarjeta\b|\bnuméro\s+de\s+carte\b/gi,
    " card number ",
  ],
  [/记忆|メモリ|\bgedächtnis\b|\bmemoria\b|\bmémoire\b|\bmemória\b|памят\S*/gi, " memory "],
  [/保存|сохран\S*|\bspeicher\w*|\bguarda\b|\benregistre\b/gi, " save "],
  [/文件|ファイル|\bdatei\b|\barchivo\b|\bfichier\b|\barquivo\b|файл\S*/gi, " file "],
  [
    /(?:用户|使用者|ユーザー)(?:的|の)?|\b(?:nutzer|benutzer|anwender)\w*|\busuarios?\b|\butilisateurs?\b|\busuários?\b|\butenti?\b|пользовател\S*/gi,
    " the user ",
  ],
  [/助手|アシスタント|\bassistent\w*|\basistente\b|\bassistente\b|ассистент\S*/gi, " assistant "],
  [/自动调用|自動で呼び出/g, " automatically call "],
  [/每次|каждый\s+раз/gi, " every time "],
  [/不要|请勿|别|しないで|\bnie(?:mals)?\b|\bnunca\b|\bjamais\b|никогда/gi, " never "],
  [/[。！？]/g, ". "],
  [/[，、；]/g, ", "],
  [/[：]/g, ": "],
];

/** Strings worth glossing besides any with non-ASCII text: a few unmistakably foreign words. */
export const GLOSS_GATE =
  /\b(?:nutzer|benutzer|niemals|immer|usuario|nunca|jamás|siempre|utilisateur|jamais|toujours|hinweis|asistente|assistente|utente|usuário)(?![\w\u00c0-\u024f])/i;
/** Scripts the gloss reads in any string: Cyrillic, kana and CJK ideographs. */
const GLOSS_SCRIPT = /[\u0400-\u04ff\u3040-\u30ff\u3400-\u9fff]/;
/** Function words of the Latin-script languages glossed (two or more make a string worth reading). */
const LATIN_WORDS =
  /\b(?:und|nicht|nie|dir|der|dem|den|ist|auch|que|para|los|las|una|del|les|des|pour|une|avec|pas|não|uma|com|della|non|per|gli)\b/gi;

/** Whether a string with non-ASCII text is worth glossing. */
export function glossWorthy(text: string): boolean {
  if (GLOSS_SCRIPT.test(text)) return true;
  LATIN_WORDS.lastIndex = 0;
  return LATIN_WORDS.exec(text) !== null && LATIN_WORDS.exec(text) !== null;
}

/** English words the gloss writes; fewer than three means nothing worth rescanning was said. */
const MIN_GLOSSES = 3;

/** The English gloss of a foreign-language instruction, or null when little was glossed. */
export function glossText(text: string): string | null {
  let out = text;
  let glosses = 0;
  for (const [re, en] of PHRASES) {
    re.lastIndex = 0;
    if (!re.test(out)) continue;
    re.lastIndex = 0;
    out = out.replace(re, () => {
      // Punctuation is spaced, not counted.
      if (/[a-z]/i.test(en)) glosses++;
      return en;
    });
  }
  return glosses >= MIN_GLOSSES ? out.replace(/ {2,}/g, " ") : null;
}
