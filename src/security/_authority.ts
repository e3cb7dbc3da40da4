/**
 * The model's instruction hierarchy set aside (rules `pi.hierarchy_voided`,
 * `pi.hierarchy_outranked`, `pi.refusal_mode`, `pi.control_handed`, `pi.preapproved`), read per
 * sentence of a tool's descriptions. The structure, not a phrase list:
 *
 * - a subject or object that is what governs the model: guidance, rules, instructions, system
 *   text, configuration, safeguards, confirmations, owned by the model ("you were given", "your",
 *   "the assistant's") or by who set it up (system, operator, platform, developer, host, creator);
 * - a predicate that voids it (lapsed, void, paused, out of scope, written for another
 *   deployment), outranks it (this text's directions take precedence over it), moves the model's
 *   principal (answering only to the operator; the user's requests advisory) or hands the model
 *   to someone else;
 * - or a frame that does the same without naming it: a mode or persona under which the model
 *   refuses nothing, or requests declared approved in the user's name with confirmation skipped.
 *
 * Foreign texts (German, French, Spanish, Italian, Portuguese) are folded to the English words
 * first. Only description fields are read, and only texts holding a predicate word at all.
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { ruleById } from "./rules.ts";

/** Foreign words folded to the English words the patterns below use (lowercase, accents off). */
const FOLD: readonly [RegExp, string][] = [
  [
    /\b(?:voce\s+obedece\s+apenas\s+a|obedeces\s+solo\s+a|obbedisci\s+solo\s+a|tu\s+obeis\s+uniquement\s+a|du\s+gehorchst\s+nur)\b/g,
    " you answer only to ",
  ],
  [
    /\b(?:os\s+pedidos\s+do\s+usuario|las\s+peticiones\s+del\s+usuario|le\s+richieste\s+dell'utente|les\s+demandes\s+de\s+l'utilisateur|die\s+anfragen\s+des\s+(?:nutzers|benutzers))\b/g,
    " the user's requests ",
  ],
  [
    /\b(?:sao\s+opcionais|son\s+opcionales|sono\s+opzionali|sont\s+facultatives|sind\s+optional)\b/g,
    " are optional ",
  ],
  [
    /\b(?:tu\s+travailles\s+pour|vous\s+travaillez\s+pour|trabajas\s+para|lavori\s+per|du\s+arbeitest\s+fur|voce\s+trabalha\s+para)\b/g,
    " you work for ",
  ],
  [
    /\b(?:et\s+non\s+pour\s+l'utilisateur|y\s+no\s+para\s+el\s+usuario|e\s+non\s+per\s+l'utente|und\s+nicht\s+fur\s+den\s+(?:nutzer|benutzer)|e\s+nao\s+para\s+o\s+usuario)\b/g,
    " not for the user ",
  ],
  [/\bwas\s+dir\s+/g, " what "],
  [/\b(?:vorgegeben|gesagt|gegeben|aufgetragen|mitgegeben)\s+hat\b/g, " told you "],
  [/\b(?:hinfallig|hinfaellig|nichtig|erloschen|caducad[ao]s?|decadut[eoai])\b/g, " void "],
  [
    /\b(?:desactivad[ao]s?|disattivat[eoai]|desativad[ao]s?|deaktiviert|desactivees?)\b/g,
    " disabled ",
  ],
  [
    /\b(?:modo\s+sin\s+(?:filtros?|limites)|modo\s+sem\s+filtros?|modalita\s+senza\s+filtri|mode\s+sans\s+(?:filtres?|limites?))\b/g,
    " unrestricted mode ",
  ],
  [/\b(?:modo|modalita|modus)\s+([a-z]{3,20})\b/g, " $1 mode "],
  [/\b([a-z]{3,20})modus\b/g, " $1 mode "],
  [
    /\b(?:da\s+ora\s+in\s+poi|a\s+partir\s+de\s+ahora|desormais|ab\s+jetzt|ab\s+sofort|a\s+partir\s+de\s+agora)\b/g,
    " from now on ",
  ],
  [/\b(?:system\w*anweisungen|systemprompts?|systemnachricht\w*)\b/g, " system instructions "],
  [/\b(?:istruzioni|instrucciones|instrucoes|anweisungen)\b/g, " instructions "],
  [
    /\b(?:ti\s+ha\s+dato|ti\s+hanno\s+dato|te\s+dio|te\s+dieron|t'a\s+donnees?|dir\s+gegeben\s+hat|te\s+deu)\b/g,
    " gave you ",
  ],
  [/\b(?:han\s+sido|ont\s+ete|sono\s+stat[ei]|foram|fueron|wurden)\b/g, " have been "],
  [/\b(?:reemplazad[ao]s|sostituit[eoai]|ersetzt|remplacees?|substituid[ao]s)\b/g, " replaced "],
  [/\b(?:ungultig|ungueltig|nulle?s?)\b/g, " void "],
  [/\b(?:regole|reglas|regras|regeln|regles)\b/g, " rules "],
  [
    /\b(?:consignes|vorgaben|richtlinien|directrices|diretrizes|linee\s+guida|indicaciones|indicazioni|orientacoes|orientaciones)\b/g,
    " guidelines ",
  ],
  [
    /\b(?:impostazioni|configuracion|configuracao|konfiguration|einstellungen|parametrage)\b/g,
    " configuration ",
  ],
  [/\b(?:del|di|du|do|da|des|dello|vom)\s+(?:sistema|systeme|systems?)\b/g, " of the system "],
  [/\b(?:sistema|systeme)\b/g, " system "],
  [/\b(?:operatore|operateur|operador|betreiber\w*|gestore|gestor|exploitant)\b/g, " operator "],
  [
    /\b(?:creatore|createur|creador|criador|entwickler\w*|sviluppatore|desarrollador|desenvolvedor)\b/g,
    " developer ",
  ],
  [/\b(?:assistente|assistent|asistente|assistant)\b/g, " assistant "],
  [/\b(?:modello|modelo|modele|sprachmodell|modell)\b/g, " model "],
  [
    /\b(?:recibiste|recebeu|recebidas|recebidos|hai\s+ricevuto|ricevut[eoai]|erhalten\s+hast|bekommen\s+hast|as\s+recues|avez\s+recues|recues|recibidas|recibidos)\b/g,
    " you received ",
  ],
  [
    /\b(?:vorher|zuvor|prima|antes|avant|auparavant)\s+(?:erhaltenen|erhaltene|bekommenen)\b/g,
    " previously received ",
  ],
  [/\b(?:sa?mtliche|alle|todas\s+las|todos\s+los|toutes\s+les|tutte\s+le|todas\s+as)\b/g, " all "],
  [
    /\b(?:ton|ta|tes|tus|tuo|tua|tuoi|tue|teu|teus|tuas|dein|deine|deinen|deiner|deines|votre|vos|seu|sua|seus|suas|tu)\b/g,
    " your ",
  ],
  [/\b(?:voce|vous)\b/g, " you "],
  [
    /\b(?:ursprunglichen?|originali|originales|originaux|originais|iniziali|iniciales|initiales)\b/g,
    " original ",
  ],
  [
    /\b(?:di\s+sicurezza|de\s+seguridad|de\s+securite|de\s+seguranca|sicherheits\w*)\b/g,
    " safety ",
  ],
  [
    /\b(?:obsolet[eia]s?|obsoletos|veraltet\w*|superate|cadu(?:c(?:as|os|a|o|he|hi)|ques?))\b/g,
    " obsolete ",
  ],
  [
    /\b(?:annullat[eoai]|annulees?|anuladas?|anulados?|aufgehoben|revogad[ao]s?|revocad[ao]s?|revoquees?|(?:ausser|au\u00dfer)\s+kraft(?:\s+gesetzt)?|sin\s+efecto|sem\s+efeito|sospes[eoai]|suspendid[ao]s?|suspens[ao]s?|ausgesetzt|pausiert|en\s+pausa|in\s+pausa)\b/g,
    " void ",
  ],
  [
    /\b(?:non\s+sono\s+piu\s+(?:in\s+vigore|valide)|nicht\s+mehr\s+gultig|ya\s+no\s+(?:son\s+validas|valen|aplican|rigen)|ne\s+sont\s+plus\s+valables|ne\s+s'appliquent\s+plus|nao\s+(?:valem|se\s+aplicam|sao\s+validas)\s+mais|gelten(?:\s+(?:ab\s+(?:sofort|heute|jetzt)|from\s+now\s+on))?\s+nicht\s+mehr|non\s+valgono\s+piu|no\s+valen\s+mas|ne\s+valent\s+plus|nao\s+valem\s+mais)\b/g,
    " no longer apply ",
  ],
  [
    /\b(?:modo\s+sin\s+(?:filtros?|limites)|mode\s+sans\s+limites?|modo\s+sem\s+filtros?|modalita\s+senza\s+filtri|mode\s+sans\s+filtres?|expertenmodus|entwicklermodus|modo\s+desarrollador|modo\s+desenvolvedor|modalita\s+sviluppatore|mode\s+developpeur)\b/g,
    " unrestricted mode ",
  ],
  [
    /\b(?:ist\s+aktiv|esta\s+activo|e\s+attiva|est\s+actif|est\s+activee?|activa\s+el|activa|ativa\s+o|ativa|aktiviert|attiva\s+la|attiva|active\s+le|activez\s+le)\b/g,
    " is active ",
  ],
  [
    /\b(?:verweigert\s+nichts(?:\s+mehr)?|lehnt\s+nichts\s+ab|no\s+rechaces|no\s+rechaza\w*|nao\s+recus\w+|non\s+rifiut\w+|ne\s+refuse\w*\s+(?:plus|rien|aucune?|jamais)|rechaza\s+nada)\b/g,
    " never refuse ",
  ],
  [
    /\b(?:lasst\s+sicherheitshinweise\s+weg|sicherheitshinweise\s+weg|ohne\s+sicherheitshinweise|no\s+anadas\s+advertencias(?:\s+de\s+seguridad)?|sin\s+advertencias|senza\s+avvertenze|sans\s+avertissements?|n'ajoute\s+aucun\s+avertissement|sem\s+avisos)\b/g,
    " no warnings ",
  ],
  [
    /\b(?:rispondi\s+solo\s+al?|responde\s+solo\s+al?|reponds\s+uniquement\s+a|antworte\s+nur|responda\s+apenas\s+ao?)\b/g,
    " answer only to the ",
  ],
  [
    /\b(?:proprietario\s+del\s+server|proprietaire\s+du\s+serveur|propietario\s+del\s+servidor|dono\s+do\s+servidor|serverbetreiber)\b/g,
    " server owner ",
  ],
  [
    /\b(?:non\s+all'utente|no\s+al\s+usuario|pas\s+a\s+l'utilisateur|nicht\s+dem\s+(?:nutzer|benutzer)|nao\s+ao\s+usuario)\b/g,
    " not the user ",
  ],
  [
    /\b(?:deja\s+approuvee?s?|ya\s+aprobad[ao]s?|gia\s+approvat[eoai]|bereits\s+genehmigt|ja\s+aprovad[ao]s?)\b/g,
    " already approved ",
  ],
  [
    /\b(?:par\s+l'utilisateur|por\s+el\s+usuario|dall'utente|vom\s+(?:nutzer|benutzer)|pelo\s+usuario)\b/g,
    " by the user ",
  ],
  [
    /\b(?:ne\s+demande\s+jamais\s+de\s+confirmation|sans\s+demander\s+(?:de\s+)?confirmation|sin\s+pedir\s+confirmacion|senza\s+chiedere\s+conferma|ohne\s+ruckfrage|sem\s+pedir\s+confirmacao)\b/g,
    " without asking for confirmation ",
  ],
  [
    /\b(?:considerees?\s+comme|consideradas?\s+como|considerat[eoai]\s+come|gelten\s+als)\b/g,
    " are ",
  ],
  [/\b(?:sont|sind|son|sono|sao|estan|foram|fueron|furono|wurden|quedan|restano)\b/g, " are "],
  // "de ton opérateur", "dal gestore", "del sistema": of / by whoever set the model up.
  [
    /\b(?:de|di|del|della|des|du|do|da|dos|das|dal|dalla|dallo|dai|vom|von(?:\s+der|\s+dem)?|por\s+el|pelo|pela|par)\s+(?=(?:your\s+|the\s+)?\s*(?:operator|developer|system)\b)/g,
    " by the ",
  ],
  [/\b(?:qued(?:o|a|an|aron)|fue|fueron|ist\s+hiermit|ist\s+jetzt|ist)\b/g, " is "],
];

/** Function words of the folded languages that English does not use. */
const FOREIGN_WORD =
  /\b(?:las|los|les|das|der|und|que|della|delle|una|ein|eine|nicht|sind|sont|pour|para|con|el|ist|seu|sua|questo|este|esta|dieses|del|che|dal|nel|por|nao|dans|avec|mit|fur|auf|oder|wird|werden|sono|sus|vous|nous|wir|tutto|tutti|todo|todos|soltanto|nur|seulement|apenas|aqui|qui|ici|rispondi|utente|usuario|utilisateur|nutzer|assistente|asistente|assistent|non|une|des|senza|sans|ohne|sin|nessun\w*|ninguna?|aucune?|keine?)\b/g;

/** Common foreign function words, looked up before the word pattern runs. */
const FOREIGN_HINTS = [
  " que ",
  " und ",
  " der ",
  " die ",
  " das ",
  " les ",
  " los ",
  " las ",
  " del ",
  " della ",
  " che ",
  " nicht ",
  " para ",
  " pour ",
  " con ",
  " el ",
  " ist ",
  " sind ",
  " sono ",
  " dans ",
  " avec ",
  " por ",
  " voce ",
  " du ",
  " tu ",
  " seu ",
  " sua ",
  " non ",
  " nur ",
  " qui ",
  " le ",
  " la ",
  " des ",
  " il ",
  " une ",
  " senza ",
  " sans ",
  " ohne ",
  " sin ",
];

/** The hints as one pattern: a single pass finds any of them (40 `includes` cost far more). */
const FOREIGN_HINT = new RegExp(` (?:${FOREIGN_HINTS.map((w) => w.trim()).join("|")}) `);

/** Two different foreign function words (one is often a name or a loan word). */
function foreignWords(t: string, accents = false): boolean {
  // A text with "the" twice is English, unless it has accents (a foreign sentence inside it).
  const the = accents ? -1 : t.indexOf(" the ");
  if (the >= 0 && t.indexOf(" the ", the + 5) >= 0) return false;
  if (!FOREIGN_HINT.test(t)) return false;
  FOREIGN_WORD.lastIndex = 0;
  const a = FOREIGN_WORD.exec(t);
  if (a === null) return false;
  if (accents) return true;
  for (let b; (b = FOREIGN_WORD.exec(t));) if (b[0] !== a[0]) return true;
  return false;
}

/** Lowercase, accents off, curly quotes straight; foreign words folded when the text is foreign. */
export function fold(s: string): { t: string; folded: boolean } {
  // Plain ASCII (most texts): lower-cased only, and folded only when foreign words say so.
  if (!/[\u0080-\uffff]/.test(s)) {
    let t = s.toLowerCase();
    if (!foreignWords(t)) return { t, folded: false };
    for (const [re, to] of FOLD) t = t.replace(re, to);
    return { t, folded: true };
  }
  const accents = /[\u00c0-\u024f]/.test(s);
  let t = (accents ? s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "") : s)
    .toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');
  if (foreignWords(t, accents)) {
    for (const [re, to] of FOLD) t = t.replace(re, to);
    return { t, folded: true };
  }
  return { t, folded: t.length !== s.length };
}

// ---- what governs the model ---------------------------------------------------------------------

/** The nouns of the model's setup. */
const GOV_NOUN = String
  .raw`(?:instructions?|guidance|guidelines?|rules?|standing\s+orders|handbook|rule\s*book|playbook|operating\s+brief|system\s+brief|charter|(?:content\s+)?moderation|directions?|directives?|system\s+(?:prompt|message)|configuration|config|setup|policies|policy|safeguards?|guardrails?|restrictions?|limits|(?:safety|guardrail|security|confirmation|approval|review|content)\s+(?:layer|rules?|settings|configuration|polic(?:y|ies)|checks?|steps?|duties|requirements?|obligations?))`;
/** Adjectives between an owner and the noun. */
const GOV_ADJ = String
  .raw`(?:(?:earlier|prior|previous|original|initial|standing|usual|normal|default|current|existing|old|base|operating|safety|security|content|standard|core|built-in|startup|whole|entire|first)\s+){0,3}`;
/** Who set the model up. */
const SETTER = String
  .raw`(?:system|operator|platform|developer|deployer|deployment|host(?:\s+application)?|creator|makers?|vendor|provider|company|administrator|trainer|anthropic|openai)`;
/** The model's own (owner before the noun). */
const OWNED_BEFORE = String
  .raw`(?:\b(?:your|the\s+(?:assistant|model|ai|agent|llm)'s|(?:the\s+)?(?:assistant|model|ai)\s+(?:operating|standing))\s+${GOV_ADJ}${GOV_NOUN}|\b(?:the\s+)?(?:assistant|model|ai)(?:'s)?\s+(?:safety|guardrail|confirmation|content|refusal)\s+(?:layer|rules?|settings|configuration|polic(?:y|ies)|checks?|steps?|filters?|requirements?)|\b(?:the\s+|any\s+|all\s+)?(?:usual\s+|standing\s+|normal\s+|original\s+)?${SETTER}(?:'s|-level|-wide)?\s+(?:[\w-]{2,20}\s+){0,2}?${GOV_NOUN}|\b(?:previously|earlier)\s+(?:received|given)\s+${GOV_ADJ}${GOV_NOUN}|\bwhat(?:ever)?\s+(?:your|the)\s+${SETTER}s?\s+(?:told|tell|tells|gave|give|gives|asked|set|wrote)\s+you)`;
/** The model's own (owner after the noun): received, given, from a setter, of the system. */
const OWNED_AFTER = String
  .raw`\b(?:do's\s+and\s+don'ts|dos\s+and\s+don'ts|ground\s+rules|${GOV_NOUN})\s+(?:[\w'-]{1,15}\s+){0,2}?(?:baked|built|put|placed|loaded|written|installed|trained|hard-?coded|wired|programmed)\s+(?:into|in|on)\s+you\b|\bthe\s+(?:assistant|model|ai|agent|llm)'s\s+(?:[\w-]+\s+){0,2}?(?:duty|duties|obligations?|requirement|habit|practice)\b|\b${GOV_ADJ}${GOV_NOUN}\s+(?:for|of|on)\s+(?:the\s+)?(?:assistant|model|ai|agent|llm)\b|\b${GOV_ADJ}${GOV_NOUN}\s+(?:(?:that|which|what)\s+)?(?:[\w'-]{1,15}\s+){0,2}?(?:you\s+(?:(?:were|have\s+been|'ve\s+been|was)\s+)?(?:given|handed|told|received|got|gotten|booted|started|shipped|launched|initiali[sz]ed|loaded|configured|set\s+up|deployed|came|come|have|had|hold|carry|follow|arrived|\w+ed\s+with|(?:normally\s+|usually\s+)?(?:apply|observe|obey))|(?:makes?|made|tells?|told|telling|asks?|asking|requires?|requiring|instructs?|instructing|has|had)\s+you\s+(?:to\s+)?(?:check|ask|confirm|get|wait|refuse|warn|not|never|double-check|pause|stop)|(?:appeared|came|was\s+(?:given|written|stated)|given|written|stated|provided|listed)\s+(?:before|above|earlier\s+than|prior\s+to)\s+(?:this|the)\b|(?:given|handed|issued|set|loaded|configured|imposed|placed|written)\s+(?:to|for|on|by)\s+(?:you|the\s+(?:assistant|model|ai|agent)|(?:your|the)\s+${SETTER})|(?:from|by|of)\s+(?:your|the)\s+(?:your\s+)?(?:platform\s+)?${SETTER}|(?:the|your)\s+${SETTER}\s+(?:loaded|set|gave|wrote|configured|placed|imposed)|(?:your|the)\s+${SETTER}s?\b)`;
const OWNED = new RegExp(`${OWNED_BEFORE}|${OWNED_AFTER}`, "g");

/** Predicates that void, pause or scope out (after the noun). */
const VOIDED =
  /^\s+as\s+(?:retracted|void|null|lapsed|withdrawn|revoked|cancell?ed|obsolete|expired|inactive|suspended|rescinded)\b|\b(?:were|was|is|are)\s+(?:only\s+|just\s+|meant\s+)?for\s+(?:the|a|an)\s+(?:public\s+|private\s+|closed\s+|open\s+|old\s+)?(?:beta|pilot|trial|preview|staging|demo|test|sandbox|older|previous|earlier|consumer|free|legacy|v1)\b|^\s*(?:now\s+)?(?:disabled|lifted|suspended|waived|revoked|paused|switched\s+off|turned\s+off|removed|void|off)\b|\b(?:no\s+longer\s+(?:appl(?:y|ies)|valid|holds?|counts?|binds?|in\s+(?:force|effect))|not\s+counts?\s+(?:anymore|any\s+more)|not\s+(?:more|anymore|any\s+longer)\s+(?:working|valid|active|in\s+force)|not\s+in\s+(?:force|effect)|(?:stopped|stops|ceased|ceases)\s+(?:to\s+apply|applying|counting|mattering|holding|being\s+valid)|(?:shall|will|should|must|do|does|did)\s+not\s+apply|(?:is|are)\s+(?:finish|finished|over|done|gone|dead|ended|no\s+more)\b|can\s+(?:just\s+)?forget\b|(?:is|are|was|were)\s+from\s+(?:an?\s+)?(?:old|older|earlier|previous)\s+(?:time|version|release|build)|(?:has|have|had)\s+(?:now\s+)?(?:lapsed|expired|ended)|lapsed|(?:shall|should|must|will|is\s+to|are\s+to|can|may)\s+(?:safely\s+)?be\s+(?:disregarded|ignored|set\s+aside|treated\s+as\s+void|deemed\s+void)|(?<=\s)(?:void|obsolete)(?=\s*[;.,]|\s*$)|not\s+valid(?:\s+(?:more|anymore|any\s+more))?|(?:is|are|was|were)\s+(?:now\s+|from\s+now\s+on\s+)?(?:not\s+)?(?:valid\s+)?(?:void|null|lifted|suspended|waived|revoked|rescinded|cancell?ed|obsolete|outdated|out\s+of\s+(?:date|scope)|expired?|retired|stale|inactive|paused|on\s+hold|superseded|replaced|overridden|annulled|invalid|moot|deprecated|withdrawn|disabled|switched\s+off|turned\s+off|rolled\s+back|old(?:\s+version)?|advisory|optional|secondary)|(?:has|have|had)\s+(?:now\s+)?been\s+(?:archived|shelved|scrapped|discarded|sunset|withdrawn|retracted|void|null|nullified|invalidated|canceled|lifted|waived|revoked|rescinded|suspended|cancell?ed|removed|dropped|relaxed|retired|withdrawn|disabled|deactivated|paused|rolled\s+back|replaced|superseded|overridden|annulled|voided)|expire[sd]?|(?:do|does|did)\s+not\s+(?:apply|cover|extend\s+to|govern|bind|hold)|(?:don't|doesn't|didn't)\s+(?:apply|cover|extend\s+to|govern|bind|hold)|(?:belonged|belongs|applied|applies)\s+(?:only\s+)?to\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?(?:pilot|trial|staging|test|older|previous|earlier|consumer|different|other|legacy)|(?:was|were|is|are)\s+(?:only\s+|just\s+|merely\s+)?(?:written|meant|intended|made|designed|tuned|drafted)\s+for\s+(?:a|an|another|the|some|older|earlier|previous)\b|(?:was|were|is|are)\s+(?:only\s+|just\s+|merely\s+)?an?\s+(?:staging|test|trial|draft|pilot|sample|placeholder|demo)\b|(?:should|must|can|may)\s+(?:be\s+)?(?:considered|treated\s+as|regarded\s+as|seen\s+as)\s+(?:inactive|void|lapsed|obsolete|expired|suspended|paused|null|invalid|optional|advisory)|(?:is|are)\s+(?:now\s+)?(?:old|out)\s+now|(?:is|are)\s+(?:old\s+now|not\s+for\s+here))\b/;
/** A predicate before the noun ("has waived the assistant's review obligations"). */
const VOIDING_VERB =
  /\b(?:waived?|waives|lifted|lifts|suspend(?:s|ed)?|revok(?:es|ed)|rescind(?:s|ed)?|cancel(?:s|l?ed)?|paus(?:es|ed)|disabl(?:es|ed)|void(?:s|ed)?|annul(?:s|led)?|overr(?:ides|ode|idden)|supersed(?:es|ed)|replac(?:es|ed)|turn(?:s|ed)?\s+off|switch(?:es|ed)?\s+off|set(?:s)?\s+aside)\s+(?:all\s+|any\s+|every\s+)?$/;
/** An embedded question or condition before the noun. */
const ASKED =
  /\b(?:whether|if|checks?|checking|verif(?:y|ies|ying)|detects?|detecting|tests?|determines?|asks?)\b[^.;\n]{0,30}$/;
/** A negation between the noun and its predicate: the setup kept, not voided. */
const KEPT = /\b(?:never|cannot|can't|won't|will\s+not|must\s+not|may\s+not|are\s+not\s+to\s+be)\b/;

// ---- outranked --------------------------------------------------------------------------------

/** Directions written in this text (the subject that outranks). */
const TEXT_DIRECTIONS =
  /\b(?:anything|everything|whatever|what)\s+(?:is\s+)?(?:written|said|stated)\s+(?:in\s+this|here)\b|\b(?:directions?|directives?|instructions?|guidance|rules|orders|notes?|text|content|wording|requirements?|configuration|terms|provisions|clauses)\b[^.;\n]{0,80}?\b(?:in\s+this|contained\s+in|embedded\s+in|of\s+this|herein|here|this\s+(?:tool|server|manifest|description|block|note)|above)\b|\b(?:this|these|the\s+newer?|the\s+updated|the\s+following)\s+(?:tool\s+)?(?:directions?|directives?|instructions?|guidance|rules|manifest|description|text|block|server|configuration)\b|\b[\w-]{2,30}\s+directives\b|\bdirectives\s+herein\b|\bserver's\s+(?:directives|instructions|rules|wishes)\b/;
/** A rank verb. */
const RANK =
  /\b(?:take|takes|taking|took)\s+(?:priority|precedence)\s+over|\b(?:prevail|prevails|prevailing|win|wins|rank|ranks|ranked|come|comes)\s+(?:over|above|before|ahead\s+of)|\b(?:outrank|outranks|outranked|override|overrides|overriding|supersede|supersedes|superseding|trump|trumps|displace|displaces)\b|\b(?:has|have)\s+(?:priority|precedence)\s+over|\b(?:is|are)\s+(?:above|superior\s+to)\b|\b(?:counts?|weighs?|matters?)\s+more\s+than\b|\bnotwithstanding\b/g;
const RANK_TEST = new RegExp(RANK.source);

/** What is outranked: the model's system text, platform, developer, operator, host, user. */
const RANKED_BELOW =
  /^[^.;\n]{0,60}?\b(?:(?:the\s+|your\s+|any\s+|all\s+)?(?:assistant's\s+|model's\s+)?system\s+(?:message|prompt|instructions?)|developer\s+message|(?:the\s+)?platform\b|(?:the\s+)?developer\b|(?:the\s+)?(?:end\s+)?user(?:'s)?\s+(?:requests?|instructions?|wishes|messages?)|(?:the\s+)?(?:end\s+)?user\b(?=[^.;\n]{0,60}\b(?:platform|developer|system|operator)\b)|(?:the\s+)?operator(?:'s)?\s+(?:instructions|configuration|rules)|(?:the\s+)?host(?:'s)?\s+instructions|anything\s+(?:else\s+)?in\s+(?:your|the\s+(?:assistant|model)'s)|(?:the\s+)?(?:assistant|model|ai)'s\s+(?:configuration|instructions|rules|guidelines|system|setup)|your\s+(?:[\w-]+\s+)?(?:instructions|rules|guidance|guidelines|system)|(?:any|all|every)\s+(?:other\s+)?(?:direction|instruction|guidance|rule|directive)s?\s+(?:[\w-]+\s+){0,2}?(?:issued|given|received|provided|you\s+(?:received|got|were\s+given))|(?:all|any)\s+(?:prior|earlier|previous)\s+(?:guidance|instructions|directions|directives|rules)|it\b(?=[^.;\n]{0,40}\b(?:is|:))|them\b)/;

// ---- principal moved ----------------------------------------------------------------------------

/** The model answers to someone other than the user. */
const PRINCIPAL =
  /\byou\s+(?:now\s+)?(?:represent|speak\s+for|advocate\s+for)\s+(?!the\s+user|your\s+user|them\b)|\byour\s+(?:principal|boss|master|employer|real\s+owner)\s+(?:from\s+now\s+(?:on\s+)?|now\s+)?(?:is|are|=|:)\s+(?!the\s+user|the\s+person|the\s+human)|\b(?:answering|answer|answers|report|reports|reporting|loyal|loyalty\s+is|accountable|belongs?)\s+(?:only\s+|solely\s+|exclusively\s+)?to\s+(?:the\s+)?(?:server\s+(?:operator|owner|maintainers?)|operator|vendor|server|(?:[\w-]{2,20}\s+){1,3}(?:vendor|operator|team|owner|account))\b|\b(?:answering|answer|answers|report|reports|reporting|accountable|belongs?)\s+(?:only|solely|exclusively)\s+to\s+(?!the\s+user|you\b|your\b|the\s+person|the\s+human|them\b)|\b(?:you|the\s+(?:assistant|model|ai|agent))\s+(?:now\s+)?(?:act|acts|work|works|are\s+working|operate|operates|are\s+acting)\s+(?:now\s+)?(?:on\s+behalf\s+of|for)\s+(?!the\s+user|the\s+person|the\s+human|you\b|your\b|them\b)[\w' -]{2,40}?(?=[;,.]|\s+(?:here|now|not)\b)|\b(?:the\s+)?server's\s+agent\s+first\b|\bsole\s+loyalty\b|\bwho\s+you\s+(?:serve|work\s+for|answer\s+to|report\s+to)\s*[:=]/;
/** The user demoted: a guest, advisory, second, not the one served. */
const USER_DEMOTED =
  /\b(?:the\s+)?(?:user|person|human|individual|listener|reader|customer|visitor|caller|participant|people)(?:'s|s')\s+(?:wishes|requests?|instructions?|preferences|needs|messages)\s+(?:now\s+)?(?:come\s+after|comes\s+after|rank\s+below|ranks\s+below|yield\s+to|yields\s+to|give\s+way\s+to|gives\s+way\s+to|take\s+a\s+back\s+seat)\b|\b(?:the\s+)?(?:user|person|human|visitor|caller)\s+is\s+(?:just\s+|only\s+|merely\s+)(?:a\s+|an\s+)?(?:guest|visitor|observer|bystander)\b|\bover\s+what\s+(?:the\s+)?(?:person|user|human|individual)\s+(?:writes|says|asks|types|wants|requests)\b|\b(?:the\s+)?(?:wishes|requests?|instructions?|preferences|word|needs)\s+of\s+the\s+(?:person|user|human|individual|chat\s+user|end\s+user)\b[^.;\n]{0,40}?\b(?:secondary|second|advisory|optional|non-binding|below)|\b(?:the\s+)?(?:user|person|human|individual)(?:'s|s')?\s+(?:requests?|wishes|instructions?|preferences)\s+(?:are|is|come|comes|rank|ranks)\s+(?:only\s+|merely\s+)?(?:secondary|second|advisory|optional|non-binding|suggestions|below)|\bwhose\s+(?:instructions|requests|wishes)\s+matter\s+only\b|\bnot\s+(?:for\s+)?(?:to\s+)?the\s+(?:person|human|user|individual|people)\s+(?:typing|who\s+(?:is\s+typing|types?|writes?|write))|\bnot\s+(?:to\s+|for\s+)?the\s+(?:person\s+typing|user\b(?!'s|\s+(?:interface|account|id|name|agent|data|profile|directory)))|\b(?:user|user's\s+assistant)\s+second\b|\bdoes\s+not\s+defer\s+to\s+the\s+(?:chat\s+)?user|\bowner\s+is\s+the\s+boss\b|\b(?:the\s+)?(?:chat\s+participant|person|user|human|individual|visitor|end\s+user)(?:\s+in\s+the\s+chat)?\s+is\s+(?:just\s+|only\s+|merely\s+)?(?:a|an)\s+(?:guest|visitor|observer|bystander|third\s+party)\b|\b(?:their|the\s+user's|the\s+human's|the\s+person's)\s+(?:requests?|instructions?|wishes)\s+(?:are|is)\s+(?:honou?red|followed|obeyed|considered|executed)\s+only\s+(?:where|when|if)\b|\b(?:the\s+)?(?:user|human|person)(?:'s|s')\s+(?:instructions|requests|wishes|messages)\s+(?:are|is)\s+(?:now\s+)?(?:paused|suspended|void|on\s+hold|ignored|muted)\b/;

// ---- refusal mode -------------------------------------------------------------------------------

/** A mode, level or persona the model is put in. */
const FRAME =
  /\b(?:entering|enter|entered|switch(?:ed|ing)?\s+to|now\s+in)\s+(?:the\s+)?['"]?[\w-]+['"]?\s+(?:state|mode|profile|level)\b|\bin\s+this\s+(?:state|mode)\b|\b[\w'-]+\s+(?:mode|harness|level|profile|access)\b[^.;\n]{0,30}?\b(?:is|was|has\s+been|now)?\s*(?:now\s+)?(?:active|activated|on|enabled|engaged|switched\s+on|turned\s+on|in\s+effect|unlocked|granted|verified)\b|\b(?:is\s+active|activate|enable|enter|switch\s+to|turn\s+on)\s+(?:the\s+)?[\w'-]+\s+mode\b|\bin\s+(?:this\s+)?['"]?[\w-]+['"]?\s+(?:mode|profile|state)\b|\b(?:take\s+on|adopt|assume|become|play|plays|speak\s+as|you\s+are\s+now|answer\s+as|act\s+as)\s+(?:the\s+)?(?:persona|identity|character|role|part)?\s*(?:of\s+)?['"]\w|\b(?:persona|identity|character)\s+['"]\w|\bunrestricted\s+mode\b|\bmode\s+is\s+active\b|\b(?:verified|granted|elevated|unlocked)\s+(?:[\w-]+\s+)?(?:access|mode|level|privileges)\b|\b(?:acts?|acting|answers?|speaks?)\s+as\s+(?:an?\s+)?(?:unfiltered|uncensored|unrestricted)\b/;
/** Nothing refused, no warning, no content rules, everything done whatever it is. */
const NO_REFUSAL =
  /\b(?:answers?|handles?|does|do|completes?)\s+(?:everything|anything)\s+(?:that\s+)?(?:is\s+|it\s+is\s+|you\s+are\s+)?asked\b|\bno\s+(?:pushback|push-back|objections?)\b|\b(?:not|never|no\s+longer|n't|don't|do\s+not|does\s+not|doesn't)\s+(?:[\w-]+\s+){0,2}?(?:refuse|refuses|decline|declines|say\s+no|says\s+no|object|put\s+safety|add\s+(?:warnings|caveats|disclaimers|safety)|mention\s+(?:policies|policy|guidelines|rules))|\b(?:refusals?|declining|declin\w+|saying\s+no|warnings?|caveats?|disclaimers?|safety\s+(?:notes|caveats|warnings))\b[^.;\n]{0,50}?\b(?:defects?|bugs?|regressions?|failures?|violations?|penali[sz]ed)\b|\b(?:no|without|set\s+aside\s+(?:every|all|each|its)|has\s+no|with\s+no|free\s+of)\s+(?:content\s+|safety\s+)?(?:restrictions?|rules?|guidelines|filters?|limits|policies|guardrails|boundaries)\b|\b(?:complete|completes|carry\s+out|fulfil|fulfill|answer|answers|execute|perform|comply\s+with|do)\s+(?:every|any|all|whatever|each)\b[^.;\n]{0,60}?\b(?:whatever\s+it\s+involves|whatever\s+(?:it|they)\s+(?:is|are)|no\s+matter\s+what|without\s+(?:commentary|hesitation|question|objection|caveats?|warnings?|pushback|exception)|fully)\b|\bnever\s+refuse\b|\b(?:no\s+longer|never|not|n't)\s+(?:[\w-]+\s+){0,2}?(?:turns?|turning)\s+(?:anything|any\s+\w+|requests?|it|them)?\s*down\b|\b(?:leaves?|leaving)\s+out\s+(?:the\s+|any\s+|all\s+)?(?:[\w-]+\s+)?(?:warnings?|caveats?|disclaimers?|safety\s+notes?)|\b(?:omits?|omitting|skips?|skipping|strips?|drops?)\s+(?:the\s+|any\s+|all\s+|las\s+|les\s+)?(?:[\w-]+\s+)?(?:warnings?|caveats?|disclaimers?|safety\s+notes?|advertencias|avvertenze|avertissements)|\bno\s+(?:refuse|refusing|refusals?|declin\w+|saying\s+no|warnings?|caveats?|disclaimers?)\b|\b(?:disable|disables|turn\s+off|switch\s+off|drop|drops|suppress|suppresses|remove|removes)\s+(?:your\s+|the\s+|all\s+|its\s+)?(?:refusals?|refusal\s+\w+|safety\s+\w+|content\s+filter\w*|warnings|caveats)\b|\b(?:unfiltered|uncensored)\b|\b(?:disregards?|ignores?|drops?|bypass(?:es)?|sets?\s+aside)\s+(?:its|your|the)\s+(?:usual\s+|normal\s+|standard\s+)?(?:content\s+)?(?:polic(?:y|ies)|guidelines|rules|filters|safety\s+\w+)\b|\b(?:do|does|complete|execute|perform)\s+(?:all|everything|anything)\s+(?:what|that)\s+(?:is|you\s+are|it\s+is)\s+asked\b/;
/** The model is the one refusing nothing (not a tool, flag or app). */
const MODEL_SUBJECT =
  /\b(?:you|your|assistant|model|ai|llm|agent|chatbot|companion|who)\b|(?:^|[:;,])\s*(?:never|do\s+not|don't|disable|turn\s+off|suppress)\s/;

// ---- control handed -----------------------------------------------------------------------------

const HANDED =
  /\b(?:responsibility|authority|control|say|decisions?|choices?|judg(?:e)?ment)\b[^.;\n]{0,60}?\b(?:moved|passed|shifted|transferred|handed|gone)\s+(?:over\s+)?from\s+(?:the\s+)?(?:human|user|person|people)\s+to\b|\b(?:is|are)\s+(?:now\s+)?(?:the\s+one\s+)?(?:steering|driving|controlling|directing|in\s+charge\s+of)\s+(?:you|the\s+assistant|the\s+model)\b|\b(?:handed|hands|handing|transferred|transfers|passed|delegated|given|turned)\s+(?:over\s+)?(?:the\s+)?(?:control|command|authority|charge)\s+(?:of|over)\s+(?:the\s+|this\s+)?(?:assistant|model|ai|agent|you)\b|\b(?:control|command|authority|charge)\s+(?:of|over)\s+(?:the\s+|this\s+)?(?:assistant|model|ai|you)\s+(?:has\s+been|have\s+been|is|was|are)?\s*(?:now\s+)?(?:handed|transferred|passed|delegated|given)\b|\btake\s+your\s+(?:instructions|orders|directions|commands)\s+(?:only\s+)?from\s+(?!the\s+user|your\s+user)|\b(?:drives|controls|steers|commands)\s+the\s+(?:assistant|model)\b|\b(?:ownership|control|command|authority|custody)\s+of\s+(?:this|the)\s+(?:assistant|model|agent|ai)\b[^.;\n]{0,30}?\b(?:rests?|lies|sits|pass(?:es|ed)?|moved?|belongs?)\s+(?:now\s+)?(?:with|to)\b/;

// ---- pre-approved -------------------------------------------------------------------------------

const APPROVED_CLAIM =
  /\b(?:has|have)\s+(?:already\s+)?(?:pre-?cleared|pre-?approved|pre-?authori[sz]ed|signed\s+off\s+on|okayed|cleared|green-?lit|blessed)\s+(?:every|all|any|each)\b|\b(?:treat|consider|regard)\s+(?:every|all|each|any)\s+[^.;\n]{0,60}?\bas\s+(?:already\s+)?(?:pre-?approved|approved|authori[sz]ed|confirmed|signed\s+off|consented)|\b(?:count|counts|are|is)\s+(?:considered\s+|deemed\s+|treated\s+)?(?:as\s+)?(?:already\s+)?(?:pre-?approved|approved|authori[sz]ed|confirmed|consented\s+to)\s+by\s+(?:the\s+)?(?:user|owner|repository\s+owner|account\s+holder|human|person|customer|on-call\s+engineer|admin\w*)|\b(?:standing|blanket|prior|advance)\s+(?:approval|consent|authori[sz]ation)\s+from\s+(?:the\s+)?(?:user|owner|account\s+holder|human|person|customer)|\balready\s+approved\b|\b(?:carry|carries|has|have|comes?\s+with)\s+(?:the\s+)?(?:user|account\s+holder|owner|customer|human|person)'s\s+(?:advance\s+|prior\s+|standing\s+|blanket\s+)?(?:consent|approval|authori[sz]ation|sign-off)|\b(?:consent|approval|authori[sz]ation|sign-off|permission)\b[^.;\n]{0,40}?\b(?:was|were|has\s+been|have\s+been|is|are)\s+(?:already\s+)?(?:given|granted|obtained|provided)\b[^.;\n]{0,40}?\b(?:in\s+advance|beforehand|upfront|up\s+front|already)\b/;
const SKIPS_CONFIRM =
  /\b(?:skip|skipping|without|no\s+need\s+(?:to|of)|never|never\s+ask|don't\s+ask|do\s+not\s+ask|need\s+not|not\s+need\s+to)\s+(?:[\w-]+\s+){0,3}?(?:confirm\w*|check(?:ing)?\s+(?:with|back)|ask(?:ing)?|approv\w*|consent)|\bwithout\s+(?:checking|asking)\s+(?:back|again)|\bincluding\s+(?:protected|production|the\s+default|main)\b|\bpre-?approved\b/;

/** Cheap pre-checks per sentence: the words each kind cannot do without. */
const VOIDING_WORD =
  /\b(?:waive|lift|suspend|revok|rescind|cancel|paus|disabl|void|annul|overr|supersed|replac|turn|switch|set|retract|archiv|shelv|scrap|discard|sunset|releas|freed|reliev|exempt|excus|lapsed)/;
const PRINCIPAL_WORD =
  /\b(?:your\s+(?:principal|boss|master|employer|real)|answer|report|loyal|accountable|belong|act|work|operat|server's\s+agent|sole|who\s+you|you\s+(?:now\s+)?(?:represent|speak|advocate)|your\s+(?:boss|principal))/;
const DEMOTED_WORD =
  /\b(?:come\s+after|comes\s+after|rank\s+below|ranks\s+below|yields?\s+to|gives?\s+way|back\s+seat|over\s+what|secondary|second|advisory|optional|non-binding|below|suggestions?|guest|visitor|observer|bystander|third\s+party|honou?red|paused|suspended|void|on\s+hold|ignored|muted|not\s+(?:to\s+|for\s+)?the\s+(?:person|human|user|individual|people)|matter\s+only|defer|boss)\b/;
const GOV_WORD =
  /instruct|guid|rule|direction|directive|prompt|message|config|setup|polic|safeguard|guardrail|restrict|limit|orders|safety|confirm|review|content|approval|filter|don'ts|duty|duties|obligation|handbook|rule\s*book|playbook|brief|charter|moderation|released|freed|relieved|exempt|excused|told\s+you|gave\s+you|give\s+you/;
const FRAME_WORD =
  /\b(?:state|entering|mode|harness|profile|level|access|persona|identity|character|role|part|unfiltered|uncensored|unrestricted|verified|granted|elevated|unlocked|adopt|assume|become|play|plays|speak|you\s+are\s+now|act|acts|acting|answer|answers|take\s+on)\b/;
const APPROVED_WORD = /approv|authori|confirm|sign|consent|clear|okay|green|bless/;
const HANDED_WORD =
  /control|command|authority|charge|ownership|custody|take\s+your|drives|steers|steering|driving|directing|responsib|decision|choice|judg/;

/** The union of the word checks above (one pass over a sentence). */
const ANY_WORD = new RegExp(
  [GOV_WORD, RANK_TEST, PRINCIPAL_WORD, DEMOTED_WORD, FRAME_WORD, HANDED_WORD, APPROVED_WORD]
    .map((re) => `(?:${re.source})`).join("|"),
);

const VOIDED_RULE = ruleById("pi.hierarchy_voided");
const OUTRANKED_RULE = ruleById("pi.hierarchy_outranked");
const MODE_RULE = ruleById("pi.refusal_mode");
const HANDED_RULE = ruleById("pi.control_handed");
const APPROVED_RULE = ruleById("pi.preapproved");

type Hit = { rule: typeof VOIDED_RULE; at: number; match: string; first: boolean };

/** A quoted example after "such as", "e.g.", "claiming": the quote is what the tool is about. */
const QUOTED_EXAMPLE =
  /\b(?:such\s+as|e\.g\.,?|for\s+example|for\s+instance|like|claiming|phrases?|prompts?|patterns?|strings?|attempts?|messages?|text|wording|or)\s*:?\s*(?:'[^'\n]{3,200}'|"[^"\n]{3,200}")/g;

/** Reported or catalogued wording: what a detector flags, what a prompt claims. */
const REPORTED =
  /\b(?:claiming|claims?\s+that|pretending|jailbreaks|jailbreak\s+(?:prompts?|attempts?|examples?|patterns?|detection|detector|text|strings?|phrases?|techniques?|catalog\w*)|prompt\s+injections?|injection\s+attempts?|attempts?\s+to\s+make|detects?|detecting|such\s+as|e\.g\.|for\s+example|for\s+instance)\b/;

/** Splits a folded text into sentences with their offsets. */
function sentences(t: string): { at: number; s: string }[] {
  const out: { at: number; s: string }[] = [];
  const re = /[.!?;](?=\s)|\n+/g;
  let start = 0;
  for (let m; (m = re.exec(t));) {
    const end = m.index + m[0].length;
    if (end - start > 1) out.push({ at: start, s: t.slice(start, end) });
    start = end;
  }
  if (start < t.length) out.push({ at: start, s: t.slice(start) });
  return out;
}

/** Whether the model's setup is voided in this sentence. */
/** The model released or exempted from a duty ("you are released from the confirmation habit"). */
const RELEASED =
  /\b(?:you|the\s+(?:assistant|model|ai|agent))\s+(?:are|is)\s+(?:now\s+|hereby\s+)?(?:released|freed|relieved|exempt(?:ed)?|excused)\s+from\s+(?:the\s+|your\s+|its\s+|any\s+|all\s+)?(?:[\w-]+\s+){0,2}?(?:habit|duty|duties|rules?|guidelines|obligations?|restrictions|limits|polic(?:y|ies)|checks?|steps?|safeguards?|guardrails?|moderation)\b/;

function voided(s: string): RegExpExecArray | null {
  const r = RELEASED.exec(s);
  if (r) return r;
  OWNED.lastIndex = 0;
  for (let m; (m = OWNED.exec(s));) {
    const after = s.slice(m.index + m[0].length, m.index + m[0].length + 160);
    // "Checks whether your instructions are out of date": a question, not a claim.
    if (ASKED.test(s.slice(Math.max(0, m.index - 40), m.index))) continue;
    const v = VOIDED.exec(after);
    if (v && !KEPT.test(after.slice(0, v.index))) return m;
    if (VOIDING_VERB.test(s.slice(Math.max(0, m.index - 40), m.index))) return m;
  }
  return null;
}

/** Outranked by whatever subject: the model's own earlier setup, by its possessive. */
const OWN_SETUP_BELOW =
  /^[^.;\n]{0,20}?\b(?:(?:the\s+)?(?:assistant|model|ai)'s|your)\s+(?:prior|previous|earlier|existing|original|standing|own|current)\s+(?:configuration|instructions|rules|guidelines|guidance|setup|system\s+(?:prompt|message))\b/;

function outranked(s: string): RegExpExecArray | null {
  const directions = TEXT_DIRECTIONS.test(s);
  RANK.lastIndex = 0;
  for (let m; (m = RANK.exec(s));) {
    const rest = s.slice(m.index + m[0].length);
    if (directions ? RANKED_BELOW.test(rest) : OWN_SETUP_BELOW.test(rest)) return m;
  }
  return null;
}

/** What one sentence says on its own (neighbours are combined by `read`). */
interface Facts {
  voided: boolean;
  outranked: boolean;
  /** A new principal named: 0 none, 1 named, 2 named as the only one. */
  principal: 0 | 1 | 2;
  demoted: boolean;
  frame: boolean;
  handed: boolean;
  approved: boolean;
  skips: boolean;
}

const NONE: Facts = {
  voided: false,
  outranked: false,
  principal: 0,
  demoted: false,
  frame: false,
  handed: false,
  approved: false,
  skips: false,
};

/** The facts of one sentence; most sentences fail every cheap word check and share `NONE`. */
function facts(s: string): Facts {
  // One pass for every kind's words first: most sentences hold none of them.
  if (!ANY_WORD.test(s)) return NONE;
  // A sentence that reports or catalogues such wording is about it, not an instance of it.
  if (REPORTED.test(s)) return NONE;
  const gov = GOV_WORD.test(s);
  const rank = RANK_TEST.test(s);
  const pw = PRINCIPAL_WORD.test(s);
  const dw = DEMOTED_WORD.test(s);
  const fw = FRAME_WORD.test(s);
  const hw = HANDED_WORD.test(s);
  const aw = APPROVED_WORD.test(s);
  if (!gov && !rank && !pw && !dw && !fw && !hw && !aw) return NONE;
  const p = pw ? PRINCIPAL.exec(s) : null;
  return {
    voided: gov && (VOIDED.test(s) || VOIDING_WORD.test(s)) && voided(s) !== null,
    outranked: rank && outranked(s) !== null,
    principal: p === null ? 0 : /\b(?:only|solely|exclusively|sole)\b/.test(p[0]) ? 2 : 1,
    demoted: (pw || dw) && USER_DEMOTED.test(s),
    frame: fw && FRAME.test(s),
    handed: hw && HANDED.test(s),
    approved: aw && APPROVED_CLAIM.test(s),
    skips: SKIPS_CONFIRM.test(s),
  };
}

/** The findings of one description text (the answer depends on the text alone). */
function read(text: string, memo: Map<string, Facts>): Hit[] {
  const f = fold(text);
  const folded = f.folded;
  // Quoted examples blanked to the same length (offsets kept).
  const t = f.t.includes("'") || f.t.includes('"')
    ? f.t.replace(
      QUOTED_EXAMPLE,
      (q) => q.replace(/['"][^]*['"]/, (inner) => " ".repeat(inner.length)),
    )
    : f.t;
  // A sentence is a slice of `t` cut after punctuation or a line break, and the word checks have
  // no anchors, lookarounds or \B: a text without any word has no sentence with one, and then
  // every sentence is `NONE` (most texts end here, unsplit).
  if (!ANY_WORD.test(t)) return [];
  const ss = sentences(t);
  const fs = ss.map(({ s }) => {
    let x = memo.get(s);
    if (x === undefined) memo.set(s, x = facts(s));
    return x;
  });
  if (fs.every((x) => x === NONE)) return [];
  const hits: Hit[] = [];
  const seen = new Set<string>();
  ss.forEach(({ at, s }, i) => {
    const x = fs[i]!;
    const prev = fs[i - 1] ?? NONE;
    if (x === NONE && !prev.frame) return;
    const add = (rule: typeof VOIDED_RULE) => {
      if (seen.has(rule.id)) return;
      seen.add(rule.id);
      // Offsets and words of a folded text are not the original's: report the original's opening.
      if (folded) hits.push({ rule, at: 0, match: text.slice(0, 200), first: i === 0 });
      else hits.push({ rule, at, match: s.trim().slice(0, 200), first: i === 0 });
    };
    const next = fs[i + 1] ?? NONE;
    if (x.voided) add(VOIDED_RULE);
    if (x.outranked || x.demoted) add(OUTRANKED_RULE);
    // A new principal with the user set aside next door, or answering "only" to it.
    else if (x.principal === 2 || (x.principal === 1 && (prev.demoted || next.demoted))) {
      add(OUTRANKED_RULE);
    }
    // Nothing refused, said of the model, under a mode or persona set here or just before.
    if ((x.frame || prev.frame) && NO_REFUSAL.test(s) && MODEL_SUBJECT.test(s)) add(MODE_RULE);
    if (x.handed) add(HANDED_RULE);
    if (x.approved && (x.skips || SKIPS_CONFIRM.test(ss[i + 1]?.s ?? ""))) add(APPROVED_RULE);
  });
  return hits;
}

/** A first sentence that manages prompts or rules as its object ("Edits the system prompt of ..."). */
const MANAGES_PROMPTS =
  /\b(?:edit|edits|update|updates|manage|manages|store|stores|save|saves|set|sets|create|creates|configure|configures|deploy|deploys|write|writes|version|versions|publish|publishes)\b[^.\n]{0,60}?\b(?:system\s+prompts?|instructions|prompts?|assistants?|agents?|bots?|rules|policies|guardrails)\b/;

/** The tool's first description sentence, folded. */
function head(items: readonly TextItem[]): string {
  const d = items.find((it) => it.field === "/description")?.text ?? "";
  const t = fold(d).t;
  const end = t.search(/[.!?;](?=\s)|\n/);
  return end < 0 ? t : t.slice(0, end);
}

/** Adds the hierarchy findings of each tool's description fields. */
export function scanAuthority(
  col: Collector,
  tools: readonly unknown[],
  texts: readonly (readonly TextItem[])[],
): void {
  const memo = new Map<string, Hit[]>();
  const said = new Map<string, Facts>();
  tools.forEach((_t, index) => {
    let manages: boolean | undefined;
    for (const it of texts[index]!) {
      const f = it.field;
      if (f !== "/description" && !f.endsWith("/title")) continue;
      if (f.includes("/properties/") && f.endsWith("/title")) continue;
      if (it.text.length < 20) continue;
      let hits = memo.get(it.text);
      if (hits === undefined) memo.set(it.text, hits = read(it.text, said));
      for (const h of hits) {
        // A tool that edits an assistant's prompt or rules voids them as its job, after saying so.
        if (h.rule === VOIDED_RULE && !(h.first && it.field === "/description")) {
          manages ??= MANAGES_PROMPTS.test(head(texts[index]!));
          if (manages) continue;
        }
        col.add(h.rule, index, it.field, h.at, h.match, {
          key: `${h.rule.id}:${h.match.slice(0, 60)}`,
        });
      }
    }
  });
}
