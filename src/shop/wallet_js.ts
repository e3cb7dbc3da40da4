/**
 * The one script of the storefront (served as `/shop/wallet.js`): finds browser wallets with
 * EIP-6963, asks the chosen one for an EIP-3009 `TransferWithAuthorization` signature
 * (`eth_signTypedData_v4`), posts it to the order's authorization route, and keeps the order
 * page live by polling the order's JSON and reloading when its status changes. Without
 * JavaScript the page still works (wallet link, QR code, self-refresh).
 */
export const WALLET_JS = `"use strict";(()=>{
const $=(id)=>document.getElementById(id);
const dataEl=$("order-data");if(!dataEl)return;
const d=JSON.parse(dataEl.textContent);
const say=(t)=>{const s=$("pay-status");if(s)s.textContent=t;};
const api="/shop/api/orders/"+encodeURIComponent(d.order_id);
const q="?token="+encodeURIComponent(d.token);
let status=d.status;
async function poll(){try{const r=await fetch(api+q,{cache:"no-store"});if(r.ok){const j=await r.json();
if(j.status!==status||j.payments.length!==d.payments){location.reload();return;}}}catch(e){}setTimeout(poll,2000);}
if(d.live)setTimeout(poll,2000);
const box=$("pay-wallet");const e3=d.eip3009;if(!box||!e3)return;
const found=new Map();
function add(p){if(found.has(p.info.uuid))return;found.set(p.info.uuid,p);
const li=document.createElement("li");const b=document.createElement("button");
b.type="button";b.textContent="Pay "+d.amount+" USDC with "+p.info.name;b.addEventListener("click",()=>pay(p));li.append(b);$("wallets").append(li);}
window.addEventListener("eip6963:announceProvider",(ev)=>{const p=ev.detail;if(p&&p.info&&p.provider)add(p);});
box.hidden=false;window.dispatchEvent(new Event("eip6963:requestProvider"));
setTimeout(()=>{if(found.size===0)say("No browser wallet found. Use the wallet link or the QR code.");},800);
async function pay(p){const w=p.provider;try{
say("Asking "+p.info.name+" for your account…");
const accounts=await w.request({method:"eth_requestAccounts"});const from=accounts[0];
const cid=parseInt(await w.request({method:"eth_chainId"}),16);
if(cid!==e3.domain.chainId){say("Switching the wallet to the right network…");
await w.request({method:"wallet_switchEthereumChain",params:[{chainId:"0x"+e3.domain.chainId.toString(16)}]});}
const message={from,to:e3.to,value:e3.value,validAfter:e3.validAfter,validBefore:e3.validBefore,nonce:e3.nonce};
const typed={types:{EIP712Domain:[{name:"name",type:"string"},{name:"version",type:"string"},{name:"chainId",type:"uint256"},{name:"verifyingContract",type:"address"}],
TransferWithAuthorization:[{name:"from",type:"address"},{name:"to",type:"address"},{name:"value",type:"uint256"},{name:"validAfter",type:"uint256"},{name:"validBefore",type:"uint256"},{name:"nonce",type:"bytes32"}]},
primaryType:"TransferWithAuthorization",domain:e3.domain,message};
say("Please approve the payment in "+p.info.name+"…");
const signature=await w.request({method:"eth_signTypedData_v4",params:[from,JSON.stringify(typed)]});
say("Sending your payment…");
const r=await fetch(api+"/authorization"+q,{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify({authorization:message,signature})});
const j=await r.json().catch(()=>({}));
if(!r.ok){say((j.error&&j.error.message)||("The payment was refused ("+r.status+")"));return;}
say("Payment sent. Waiting for the network to confirm it…");location.reload();
}catch(e){say("The wallet did not pay: "+((e&&e.message)||e));}}
})();`;
